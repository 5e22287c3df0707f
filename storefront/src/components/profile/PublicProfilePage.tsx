import type { Profile } from '@yardly/shared/contract';
import { publicProfilePath } from '../../lib/profile-routes';
import { ProfileHeader } from './ProfileHeader';
import { ProfileTabs, type ProfileView } from './ProfileTabs';

/** /profile?user_refnum=...: another person's header without editing, their live listings and reviews. */
export function PublicProfilePage({ profile, view }: { profile: Profile; view: ProfileView }) {
  const hrefFor = (next: ProfileView) => publicProfilePath(profile.user.refnum, next);
  return (
    <>
      <ProfileHeader profile={profile} />
      <ProfileTabs userRefnum={profile.user.refnum} view={view} hrefFor={hrefFor} sellingLabel="Listings" />
    </>
  );
}
