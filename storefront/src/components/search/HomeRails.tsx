import { useStore } from '@nanostores/react';
import type { MerchRail } from '@yardly/shared/contract';
import { listingListMessages } from '@yardly/shared/rules';
import { browserApi } from '../../lib/api';
import { useLoaded } from '../../lib/use-loaded';
import { $location } from '../../stores/location';
import { ListingCollection } from '../ListingCollection';

/** The home page's rails from merch (near you, free near you, just listed, the shortcuts), near the visitor's place. */
export function HomeRails() {
  const place = useStore($location);
  // A new place keeps the rails that show until its own come (quietly).
  const rails = useLoaded<MerchRail[]>(
    async () => (await browserApi.search.merchV2({ zip: place?.zip })).carasoul_data,
    [place],
    { failure: 'Could not load the home rails', quietly: true },
  );

  // The wrapper is in the server's HTML from the start: client:visible watches an island's
  // elements, so an island that renders nothing is never seen and never loads.
  return (
    <div className="home-rails">
      {rails.state === 'failed' && (
        <p className="state-message state-message--error">{listingListMessages.fetchError}</p>
      )}
      {/* The rails come in below the page's own content when ready; a new place swaps them in place. */}
      {rails.state === 'ready' &&
        rails.data
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
