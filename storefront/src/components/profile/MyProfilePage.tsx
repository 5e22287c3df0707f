import type { FullProfile } from '@yardly/shared/contract';
import { profileMessages } from '@yardly/shared/rules';
import { useCallback, useEffect, useState } from 'react';
import { requireCompleteAccount } from '../../lib/access-gates';
import { browserApi } from '../../lib/api';
import { logFailure } from '../../lib/log-failure';
import { Breadcrumbs } from '../Breadcrumbs';
import { Spinner } from '../Spinner';
import { ProfileHeader } from './ProfileHeader';
import { ProfileTabs, type ProfileView } from './ProfileTabs';

/** /myprofile/{tab}: the paths of spec section 2 (reviews/seller, reviews/buyer). */
export function myProfilePath(view: ProfileView): string {
  return view.tab === 'selling' ? '/myprofile/selling' : `/myprofile/reviews/${view.role}`;
}

/** My Profile: the own header with picture editing, listings and reviews (signed-in, complete accounts). */
export function MyProfilePage({ view }: { view: ProfileView }) {
  const [profile, setProfile] = useState<FullProfile | null>(null);
  const [error, setError] = useState(false);

  const load = useCallback(async () => {
    try {
      setProfile(await browserApi.profile.full());
      setError(false);
    } catch (cause) {
      logFailure('MyProfilePage: a call failed', cause);
      setError(true);
    }
  }, []);

  useEffect(() => {
    void requireCompleteAccount().then((session) => {
      if (session) void load();
    });
  }, [load]);

  return (
    <div className="container profile-page">
      <Breadcrumbs crumbs={[{ label: 'Home', href: '/' }, { label: 'My Profile' }]} />
      <h1>My Profile</h1>
      {error ? (
        <p className="state-message state-message--error">{profileMessages.fetchError}</p>
      ) : profile ? (
        <>
          <ProfileHeader profile={profile} editable onChanged={() => void load()} />
          <ProfileTabs userRefnum={profile.user.refnum} view={view} hrefFor={myProfilePath} />
        </>
      ) : (
        <Spinner label="Loading your profile" />
      )}
    </div>
  );
}
