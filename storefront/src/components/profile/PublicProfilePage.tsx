import type { Profile } from '@yardly/shared/contract';
import { ProfileHeader } from './ProfileHeader';
import { ProfileTabs, type ProfileView } from './ProfileTabs';

/** /profile?user_refnum=...: another person's header without editing, their live listings and reviews. */
export function PublicProfilePage({ profile, view }: { profile: Profile; view: ProfileView }) {
  const hrefFor = (next: ProfileView) => {
    const params = new URLSearchParams({ user_refnum: profile.user.refnum });
    if (next.tab === 'reviews') {
      params.set('tab', 'reviews');
      params.set('role', next.role);
    }
    return `/profile?${params}`;
  };
  return (
    <>
      <ProfileHeader profile={profile} />
      <ProfileTabs userRefnum={profile.user.refnum} view={view} hrefFor={hrefFor} sellingLabel="Listings" />
    </>
  );
}
