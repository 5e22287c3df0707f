import { Breadcrumbs } from '../Breadcrumbs';
import { DashboardTabs } from '../selling/DashboardTabs';
import { SavedSearchList } from './SavedSearchList';
import '../../styles/selling.css';

/** My Dashboard's "Saved searches" tab (/myquest/saved-searches): the marketplace's and the rentals'. */
export function SavedSearchesTab() {
  return (
    <section className="dashboard" aria-labelledby="dashboard-title">
      <Breadcrumbs crumbs={[{ label: 'Home', href: '/' }, { label: 'My Dashboard' }]} />
      <div className="dashboard__head">
        <h1 id="dashboard-title">My Dashboard</h1>
      </div>
      <DashboardTabs current="saved-searches" />
      <h2>Saved searches</h2>
      <SavedSearchList empty="No saved searches yet: use Save this search on a search's results to hear of new matches." />
    </section>
  );
}
