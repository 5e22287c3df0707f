import { useStore } from '@nanostores/react';
import { listingListMessages, PAGE_SIZES } from '@yardly/shared/rules';
import { type ReactNode, useEffect, useState } from 'react';
import { requireSignedIn } from '../../lib/access-gates';
import { browserApi } from '../../lib/api';
import { FAVOURITES_PATH } from '../../lib/selling-paths';
import { type Loaded, stayLoading, useLoaded } from '../../lib/use-loaded';
import { $favouriteChanges } from '../../stores/favourites';
import { $rentalFavouriteChanges } from '../../stores/rental-favourites';
import { Breadcrumbs } from '../Breadcrumbs';
import { ListingCollection } from '../ListingCollection';
import { RentalCollection } from '../rentals/RentalCard';
import { RENTALS_FAVOURITES_PATH } from '../rentals/rental-paths';
import { Spinner } from '../Spinner';

type FirstPage<Card> = { cards: Card[]; total: number };

/** One saved list's first page (size 10, spec section 9), read again after a heart of its kind changes. */
function useFirstPage<Card>(
  signedIn: boolean,
  changes: number,
  list: (query: { page: number; size: number }) => Promise<{ data: Card[]; totalElements: number }>,
  noun: string,
): Loaded<FirstPage<Card>> {
  // `changes` asks for a fresh read (what shows stays until it lands); `list` and `noun` are fixed per caller.
  return useLoaded<FirstPage<Card>>(
    async () => {
      if (!signedIn) return stayLoading();
      const answer = await list({ page: 0, size: PAGE_SIZES.favourites });
      return { cards: answer.data, total: answer.totalElements };
    },
    [signedIn, changes],
    { failure: `Could not load ${noun}`, quietly: true },
  );
}

function SavedSection<Card>({
  id,
  title,
  load,
  allHref,
  render,
}: {
  id: string;
  title: string;
  load: Loaded<FirstPage<Card>>;
  allHref: string;
  render: (cards: Card[]) => ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="saved-lists__section">
      <h2 id={id}>{title}</h2>
      {load.state === 'loading' && <Spinner label={`Loading ${title.toLowerCase()}`} />}
      {load.state === 'failed' && (
        <p className="state-message state-message--error">{listingListMessages.fetchError}</p>
      )}
      {load.state === 'ready' && load.data.cards.length === 0 && (
        <p className="state-message">{listingListMessages.noResults}</p>
      )}
      {load.state === 'ready' && load.data.cards.length > 0 && (
        <>
          {render(load.data.cards)}
          {load.data.total > load.data.cards.length && (
            <p>
              <a href={allHref}>See all {load.data.total}</a>
            </p>
          )}
        </>
      )}
    </section>
  );
}

/**
 * The spec's "saved lists" (section 2, signed-in routes) at /saved-lists: a person's favourite
 * items and saved rental places together, the newest of each; /favorites and /rentalsfav page
 * through either.
 */
export function SavedListsPage() {
  const [signedIn, setSignedIn] = useState(false);
  const items = useFirstPage(
    signedIn,
    useStore($favouriteChanges),
    (query) => browserApi.favourites.list(query),
    'favourites',
  );
  const places = useFirstPage(
    signedIn,
    useStore($rentalFavouriteChanges),
    (query) => browserApi.rentalFavourites.list(query),
    'the saved places',
  );

  useEffect(() => {
    void requireSignedIn().then((session) => setSignedIn(session !== null));
  }, []);

  if (!signedIn) return <Spinner label="Loading your saved lists" />;
  return (
    <div className="saved-lists">
      <Breadcrumbs crumbs={[{ label: 'Home', href: '/' }, { label: 'Saved lists' }]} />
      <h1>Saved lists</h1>
      <SavedSection
        id="saved-items"
        title="Favorite items"
        load={items}
        allHref={FAVOURITES_PATH}
        render={(cards) => <ListingCollection listings={cards} label="Your favorite items" />}
      />
      <SavedSection
        id="saved-places"
        title="Saved places"
        load={places}
        allHref={RENTALS_FAVOURITES_PATH}
        render={(cards) => <RentalCollection rentals={cards} label="Your saved places" />}
      />
    </div>
  );
}
