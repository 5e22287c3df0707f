import type { ReactNode } from 'react';
import { Button, LinearProgress, Title } from 'react-admin';
import { api } from '../api';
import styles from './Dashboard.module.css';
import { type Loaded, useLoad } from './use-load';

const count = new Intl.NumberFormat('en-US');

/** The console's home: the four figures to act on, is the service up, what the catalogue holds. */
export function Dashboard() {
  const [health, retryHealth] = useLoad(api.health.check);
  const [categories, retryCategories] = useLoad(api.categories.list);
  const [counts, retryCounts] = useLoad(api.admin.dashboard);

  return (
    <div className={styles.grid}>
      <Title title="Dashboard" />
      <Panel heading="To look at" loaded={counts} onRetry={retryCounts}>
        {(c) => (
          <table className={styles.table}>
            <tbody>
              {(
                [
                  ['Active listings', c.listingsActive],
                  ['New listings this week', c.listingsNewThisWeek],
                  ['Open reports', c.openReports],
                  ['Organisations in review', c.organizationsInReview],
                  ['Rentals on the market', c.rentalsAvailable],
                  ['Open rental reports', c.openRentalReports],
                  // Without the donation flag there are no donations (null): no row.
                  ...(c.donationsOpen === null ? [] : [['Open donations', c.donationsOpen] as const]),
                ] as const
              ).map(([label, value]) => (
                <tr key={label}>
                  <th scope="row">{label}</th>
                  <td className={styles.number}>{count.format(value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Panel>
      <Panel heading="Service" loaded={health} onRetry={retryHealth}>
        {(status) => (
          <p className={styles.status}>
            <span className={styles.ok} aria-hidden="true" />
            Database: {status.db}
          </p>
        )}
      </Panel>
      <Panel heading="Categories" loaded={categories} onRetry={retryCategories}>
        {(list) => {
          const listings = list.reduce((sum, c) => sum + c.listingCount, 0);
          return (
            <>
              <p className={styles.figures}>
                <strong>{count.format(list.length)}</strong> top-level categories,{' '}
                <strong>{count.format(listings)}</strong> active listings
              </p>
              {list.length > 0 && (
                <table className={styles.table}>
                  <thead>
                    <tr>
                      <th scope="col">Category</th>
                      <th scope="col" className={styles.number}>
                        Listings
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {list.map((c) => (
                      <tr key={c.categoryRefnum}>
                        <td>{c.categoryTitle}</td>
                        <td className={styles.number}>{count.format(c.listingCount)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </>
          );
        }}
      </Panel>
    </div>
  );
}

function Panel<T>(props: {
  heading: string;
  loaded: Loaded<T>;
  onRetry: () => void;
  children: (data: T) => ReactNode;
}) {
  const { heading, loaded, onRetry, children } = props;
  return (
    <section className={styles.card} aria-busy={loaded.state === 'loading'}>
      <h2 className={styles.heading}>{heading}</h2>
      {loaded.state === 'loading' && <LinearProgress timeout={0} />}
      {loaded.state === 'error' && (
        <div role="alert" className={styles.error}>
          <p>{loaded.message}</p>
          <Button label="Try again" onClick={onRetry} />
        </div>
      )}
      {loaded.state === 'ok' && children(loaded.data)}
    </section>
  );
}
