import type { ProfileTab, ReviewRole } from '@yardly/shared/rules';
import { ProfileListings } from './ProfileListings';
import { ProfileReviews } from './ProfileReviews';

export interface ProfileView {
  tab: ProfileTab;
  role: ReviewRole;
}

interface ProfileTabsProps {
  userRefnum: string;
  view: ProfileView;
  hrefFor: (view: ProfileView) => string;
  sellingLabel?: string;
}

/** The profile's tabs: selling (listings) and reviews with seller and buyer sub-tabs. */
export function ProfileTabs({ userRefnum, view, hrefFor, sellingLabel = 'Selling' }: ProfileTabsProps) {
  const current = (on: boolean) => (on ? ('page' as const) : undefined);
  return (
    <>
      <nav className="tabs" aria-label="Profile">
        <a href={hrefFor({ tab: 'selling', role: 'seller' })} aria-current={current(view.tab === 'selling')}>
          {sellingLabel}
        </a>
        <a href={hrefFor({ tab: 'reviews', role: 'seller' })} aria-current={current(view.tab === 'reviews')}>
          Reviews
        </a>
      </nav>
      {view.tab === 'selling' ? (
        <ProfileListings userRefnum={userRefnum} />
      ) : (
        <>
          <nav className="tabs tabs--sub" aria-label="Reviews as">
            <a href={hrefFor({ tab: 'reviews', role: 'seller' })} aria-current={current(view.role === 'seller')}>
              As seller
            </a>
            <a href={hrefFor({ tab: 'reviews', role: 'buyer' })} aria-current={current(view.role === 'buyer')}>
              As buyer
            </a>
          </nav>
          <ProfileReviews userRefnum={userRefnum} role={view.role} />
        </>
      )}
    </>
  );
}
