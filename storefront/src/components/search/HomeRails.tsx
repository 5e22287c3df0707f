import { useStore } from '@nanostores/react';
import type { MerchRail } from '@yardly/shared/contract';
import { listingListMessages } from '@yardly/shared/rules';
import { useEffect, useState } from 'react';
import { browserApi } from '../../lib/api';
import { logFailure } from '../../lib/log-failure';
import { $location } from '../../stores/location';
import { ListingCollection } from '../ListingCollection';

type Load = { status: 'loading' } | { status: 'error' } | { status: 'done'; rails: MerchRail[] };

/** The home page's rails from merch (near you, free near you, just listed, the shortcuts), near the visitor's place. */
export function HomeRails() {
  const place = useStore($location);
  const [load, setLoad] = useState<Load>({ status: 'loading' });

  useEffect(() => {
    let current = true;
    browserApi.search.merchV2({ zip: place?.zip }).then(
      ({ carasoul_data }) => current && setLoad({ status: 'done', rails: carasoul_data }),
      (cause: unknown) => {
        logFailure('Could not load the home rails', cause);
        if (current) setLoad({ status: 'error' });
      },
    );
    return () => {
      current = false;
    };
  }, [place]);

  // The wrapper is in the server's HTML from the start: client:visible watches an island's
  // elements, so an island that renders nothing is never seen and never loads.
  return (
    <div className="home-rails">
      {load.status === 'error' && (
        <p className="state-message state-message--error">{listingListMessages.fetchError}</p>
      )}
      {/* The rails come in below the page's own content when ready; a new place swaps them in place. */}
      {load.status === 'done' &&
        load.rails
          .filter((rail) => rail.docs.length > 0)
          .map((rail) => (
            <section className="section section--later" key={rail.key} aria-labelledby={`rail-${rail.key}`}>
              <div className="section__head">
                <h2 id={`rail-${rail.key}`}>{rail.title}</h2>
                <a href={rail.link}>See all</a>
              </div>
              <ListingCollection listings={rail.docs} layout="rail" label={rail.title} />
            </section>
          ))}
    </div>
  );
}
