import { listingListMessages } from '@yardly/shared/rules';
import type { ReactNode } from 'react';
import { useLoaded } from '../../lib/use-loaded';

/** Two rails beside an item: the items like it, and more of its seller's (or landlord's). */
export interface Rails<T> {
  similar: T[];
  more: T[];
}

interface BesideRailsProps<T> {
  /** Loads both rails; called again when `loadKey` changes (the viewer's place). */
  load: () => Promise<Rails<T>>;
  loadKey: string;
  titles: { similar: string; more: string };
  /** Where "More from this seller" leads: the seller's profile. */
  moreLink: string;
  /** Ids for the headings, unique on the page. */
  idPrefix: string;
  render: (items: T[], label: string) => ReactNode;
}

/**
 * The rails under an item's page, loaded in the browser when scrolled near (the page's island is
 * client:visible, so a first load carries none of it). A rail with nothing in it is not shown.
 */
export function BesideRails<T>({ load, loadKey, titles, moreLink, idPrefix, render }: BesideRailsProps<T>) {
  // `load` is a new function each render; `loadKey` says when it asks anew (what shows stays until then).
  const rails = useLoaded(load, [loadKey], { failure: 'Could not load the items beside this one', quietly: true });

  // The wrapper is in the server's HTML from the start: client:visible watches it.
  return (
    <div className="beside-rails">
      {rails.state === 'failed' && (
        <p className="state-message state-message--error">{listingListMessages.fetchError}</p>
      )}
      {rails.state === 'ready' && rails.data.similar.length > 0 && (
        <section className="section" aria-labelledby={`${idPrefix}-similar`}>
          <div className="section__head">
            <h2 id={`${idPrefix}-similar`}>{titles.similar}</h2>
          </div>
          {render(rails.data.similar, titles.similar)}
        </section>
      )}
      {rails.state === 'ready' && rails.data.more.length > 0 && (
        <section className="section" aria-labelledby={`${idPrefix}-more`}>
          <div className="section__head">
            <h2 id={`${idPrefix}-more`}>{titles.more}</h2>
            <a href={moreLink}>See all</a>
          </div>
          {render(rails.data.more, titles.more)}
        </section>
      )}
    </div>
  );
}
