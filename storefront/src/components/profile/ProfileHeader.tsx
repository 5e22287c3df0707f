import { type Profile, photoUrl } from '@yardly/shared/contract';
import { profileMessages, settingsMessages } from '@yardly/shared/rules';
import { type ChangeEvent, useRef, useState } from 'react';
import { browserApi } from '../../lib/api';
import { logFailure } from '../../lib/log-failure';
import { showToast } from '../../stores/toast';
import { ConfirmDialog } from '../account/ConfirmDialog';
import { RatingStars } from '../reviews/RatingStars';
import { PictureCropModal } from './PictureCropModal';

/** The round picture, or the initials when there is none. */
function Avatar({ profile }: { profile: Profile }) {
  const { pictureUrl, name } = profile.user;
  if (pictureUrl) {
    return <img className="profile-avatar" src={photoUrl(pictureUrl, 'thumb')} alt={name} width={96} height={96} />;
  }
  const initials = name
    .split(/\s+/)
    .map((part) => part.charAt(0))
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return (
    <span className="profile-avatar profile-avatar--initials" role="img" aria-label={`${name} has no profile picture`}>
      {initials}
    </span>
  );
}

interface ProfileHeaderProps {
  profile: Profile;
  /** The own profile: the picture can be changed and deleted. */
  editable?: boolean;
  onChanged?: () => void;
}

/** The profile's header (spec section 2): round picture, name, location and organisation name. */
export function ProfileHeader({ profile, editable = false, onChanged }: ProfileHeaderProps) {
  const [file, setFile] = useState<File | null>(null);
  const [pending, setPending] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    // Chosen again later, the same file must fire change again.
    event.target.value = '';
    if (chosen) setFile(chosen);
  }

  /** Changes the picture through `call`, saying how it went; `settle` runs either way. */
  async function changePicture(call: () => Promise<unknown>, done: string, failed: string, settle?: () => void) {
    setPending(true);
    try {
      await call();
      showToast(done, 'success');
      onChanged?.();
    } catch (cause) {
      logFailure('ProfileHeader: a call failed', cause);
      showToast(failed, 'error');
    } finally {
      setPending(false);
      settle?.();
    }
  }

  async function upload(blob: Blob) {
    if (!file) return;
    await changePicture(
      async () => {
        await browserApi.profile.uploadPicture(blob);
        setFile(null);
      },
      profileMessages.pictureUpdated,
      profileMessages.pictureUpdateError,
    );
  }

  function remove() {
    return changePicture(
      () => browserApi.profile.deletePicture(),
      profileMessages.pictureDeleted,
      profileMessages.pictureDeleteError,
      () => setConfirmingDelete(false),
    );
  }

  const { user, organization, userratings, itemsSold } = profile;
  return (
    <header className="profile-header">
      <Avatar profile={profile} />
      <div className="profile-header__about">
        <h2 className="profile-header__name">
          {user.name}
          {user.isProfessionVerified && <span className="verified-badge">Verified by Yardly</span>}
        </h2>
        {user.location && <p className="profile-header__location">{user.location}</p>}
        {organization && <p className="profile-header__organisation">{organization.name}</p>}
        <p className="profile-header__stats">
          <RatingStars rating={userratings.rating} count={userratings.count} />
          <span>{itemsSold} sold</span>
        </p>
        {editable && (
          <div className="profile-header__actions">
            <input
              ref={input}
              type="file"
              accept="image/*"
              className="visually-hidden"
              aria-label="Choose a profile picture"
              onChange={choose}
            />
            <button type="button" className="button button--secondary" onClick={() => input.current?.click()}>
              Change picture
            </button>
            <button
              type="button"
              className="button button--secondary"
              disabled={!user.pictureUrl || pending}
              onClick={() => setConfirmingDelete(true)}
            >
              Delete picture
            </button>
          </div>
        )}
      </div>
      {file && (
        <PictureCropModal
          file={file}
          pending={pending}
          onCancel={() => setFile(null)}
          onSave={(blob) => void upload(blob)}
        />
      )}
      {confirmingDelete && (
        <ConfirmDialog
          message={settingsMessages.deletePictureConfirm}
          pending={pending}
          onYes={() => void remove()}
          onNo={() => setConfirmingDelete(false)}
        />
      )}
    </header>
  );
}
