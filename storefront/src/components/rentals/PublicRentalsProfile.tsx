import type { Profile } from '@yardly/shared/contract';
import { ProfileHeader } from '../profile/ProfileHeader';
import { LandlordListings } from './LandlordListings';
import { rentalsProfilePath } from './rental-paths';

/** /rentalsprofile: the landlord's header without editing and a single LandLord tab with their places. */
export function PublicRentalsProfile({ profile }: { profile: Profile }) {
  const base = rentalsProfilePath(profile.user.refnum);
  return (
    <>
      <ProfileHeader profile={profile} />
      <nav className="tabs" aria-label="Profile">
        <a href={base} aria-current="page">
          LandLord
        </a>
      </nav>
      <LandlordListings
        userRefnum={profile.user.refnum}
        mine={false}
        pathFor={(page) => (page > 1 ? `${base}&page=${page}` : base)}
        label={`${profile.user.name}'s places`}
      />
    </>
  );
}
