import { useStore } from '@nanostores/react';
import { listingListMessages, PAGE_SIZES } from '@yardly/shared/rules';
import { type ReactNode, useEffect, useState } from 'react';
import { requireSignedIn } from '../../lib/access-gates';
import { browserApi } from '../../lib/api';
import { logFailure } from '../../lib/log-failure';
import { FAVOURITES_PATH } from '../../lib/selling-paths';
import { $favouriteChanges } from '../../stores/favourites';
import { $rentalFavouriteChanges } from '../../stores/rental-favourites';
import { Breadcrumbs } from '../Breadcrumbs';
import { ListingCollection } from '../ListingCollection';
import { RentalCollection } from '../rentals/RentalCard';
import { RENTALS_FAVOURITES_PATH } from '../rentals/rental-paths';
import { Spinner } from '../Spinner';

type Load<Card> = { status: 'loading' } | { status: 'error' } | { status: 'done'; cards: Card[]; total: number };

/** One saved list's first page (size 10, spec section 9), read again after a heart of its kind changes. */
function useFirstPage<Card>(
  signedIn: boolean,
  changes: number,
  list: (query: { page: number; size: number }) => Promise<{ data: Card[]; totalElements: number }>,
  noun: string,
): Load<Card> {
  const [load, setLoad] = useState<Load<Card>>({ status: 'loading' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `changes` asks for a fresh read; `list` and `noun` are fixed per caller.
  useEffect(() => {
    if (!signedIn) return;
    let current = true;
    list({ page: 0, size: PAGE_SIZES.favourites }).then(
      (answer) => current && setLoad({ status: 'done', cards: answer.data, total: answer.totalElements }),
      (cause: unknown) => {
        logFailure(`Could not load ${noun}`, cause);
        if (current) setLoad({ status: 'error' });
      },
    );
    return () => {
      current = false;
    };
  }, [signedIn, changes]);
  return load;
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
  load: Load<Card>;
  allHref: string;
  render: (cards: Card[]) => ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="saved-lists__section">
      <h2 id={id}>{title}</h2>
      {load.status === 'loading' && <Spinner label={`Loading ${title.toLowerCase()}`} />}
      {load.status === 'error' && (
        <p className="state-message state-message--error">{listingListMessages.fetchError}</p>
      )}
      {load.status === 'done' && load.cards.length === 0 && (
        <p className="state-message">{listingListMessages.noResults}</p>
      )}
      {load.status === 'done' && load.cards.length > 0 && (
        <>
          {render(load.cards)}
          {load.total > load.cards.length && (
            <p>
              <a href={allHref}>See all {load.total}</a>
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
