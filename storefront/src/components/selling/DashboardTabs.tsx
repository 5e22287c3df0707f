import { dashboardPath } from '../../lib/selling-paths';

/** My Dashboard's tabs (spec section 2's My Quest tab keys) that have a page. */
export type DashboardTab = 'selling' | 'buying' | 'offers' | 'messages' | 'saved-searches';

const TABS: { tab: DashboardTab; label: string }[] = [
  { tab: 'selling', label: 'Selling' },
  { tab: 'buying', label: 'Buying' },
  { tab: 'offers', label: 'My Offers' },
  { tab: 'messages', label: 'My Messages' },
  { tab: 'saved-searches', label: 'Saved searches' },
];

export function DashboardTabs({ current }: { current: DashboardTab }) {
  return (
    <nav className="tabs" aria-label="Dashboard">
      {TABS.map(({ tab, label }) => (
        <a key={tab} href={dashboardPath(tab)} aria-current={tab === current ? 'page' : undefined}>
          {label}
        </a>
      ))}
    </nav>
  );
}
