import { profileMessages } from '@yardly/shared/rules';
import { useEffect } from 'react';
import { requireCompleteAccount } from '../../lib/access-gates';
import { Breadcrumbs } from '../Breadcrumbs';
import { Spinner } from '../Spinner';
import { ProfileHeader } from './ProfileHeader';
import { ProfileTabs, type ProfileView } from './ProfileTabs';
import { useFullProfile } from './use-full-profile';

/** /myprofile/{tab}: the paths of spec section 2 (reviews/seller, reviews/buyer). */
export function myProfilePath(view: ProfileView): string {
  return view.tab === 'selling' ? '/myprofile/selling' : `/myprofile/reviews/${view.role}`;
}

/** My Profile: the own header with picture editing, listings and reviews (signed-in, complete accounts). */
export function MyProfilePage({ view }: { view: ProfileView }) {
  const { profile, error, load } = useFullProfile('MyProfilePage');

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
