import { listingListMessages } from '@yardly/shared/rules';
import { type ReactNode, useEffect, useState } from 'react';
import { logFailure } from '../../lib/log-failure';

/** Two rails beside an item: the items like it, and more of its seller's (or landlord's). */
export interface Rails<T> {
  similar: T[];
  more: T[];
}

type Load<T> = { status: 'loading' } | { status: 'error' } | ({ status: 'done' } & Rails<T>);

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
  const [state, setState] = useState<Load<T>>({ status: 'loading' });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `load` is a new function each render; `loadKey` says when it asks anew.
  useEffect(() => {
    let current = true;
    load().then(
      (rails) => current && setState({ status: 'done', ...rails }),
      (cause: unknown) => {
        logFailure('Could not load the items beside this one', cause);
        if (current) setState({ status: 'error' });
      },
    );
    return () => {
      current = false;
    };
  }, [loadKey]);

  // The wrapper is in the server's HTML from the start: client:visible watches it.
  return (
    <div className="beside-rails">
      {state.status === 'error' && (
        <p className="state-message state-message--error">{listingListMessages.fetchError}</p>
      )}
      {state.status === 'done' && state.similar.length > 0 && (
        <section className="section" aria-labelledby={`${idPrefix}-similar`}>
          <div className="section__head">
            <h2 id={`${idPrefix}-similar`}>{titles.similar}</h2>
          </div>
          {render(state.similar, titles.similar)}
        </section>
      )}
      {state.status === 'done' && state.more.length > 0 && (
        <section className="section" aria-labelledby={`${idPrefix}-more`}>
          <div className="section__head">
            <h2 id={`${idPrefix}-more`}>{titles.more}</h2>
            <a href={moreLink}>See all</a>
          </div>
          {render(state.more, titles.more)}
        </section>
      )}
    </div>
  );
}
