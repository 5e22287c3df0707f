import { useStore } from '@nanostores/react';
import type { ListingDetail, OfferThread } from '@yardly/shared/contract';
import { formatCents, offerMessages } from '@yardly/shared/rules';
import { useCallback, useEffect, useState } from 'react';
import { requireSignedIn } from '../../lib/access-gates';
import { browserApi } from '../../lib/api';
import { conversationPath, conversationWithSellerPath } from '../../lib/message-paths';
import { decodeOfferId, type OfferThreadsRef } from '../../lib/offer-paths';
import { itemPath } from '../../lib/routes';
import { dashboardPath } from '../../lib/selling-paths';
import { $session } from '../../stores/session';
import { Breadcrumbs } from '../Breadcrumbs';
import { Spinner } from '../Spinner';
import { OfferThreadView } from './OfferThreadView';
import { useOfferUpdates } from './use-offer-updates';
import '../../styles/offers.css';
import { logFailure } from '../../lib/log-failure';

/** The most threads one listing's page shows (the api's largest page). */
const THREADS_PAGE_SIZE = 100;

type Load =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'error'; message: string }
  | {
      status: 'done';
      listing: ListingDetail | null;
      threads: OfferThread[];
      /** The seller's conversation with each buyer on the listing, by the buyer's refnum. */
      conversations: Map<string, string>;
    };

function refFromPath(): OfferThreadsRef | null {
  const id = window.location.pathname.replace(/\/+$/, '').split('/').pop() ?? '';
  return decodeOfferId(id);
}

/** My Quest's offers (/offers/{encoded id}): a listing's offer threads, or one of them, kept current live. */
export function OffersPage() {
  const session = useStore($session);
  const [ref, setRef] = useState<OfferThreadsRef | null | undefined>(undefined);
  const [load, setLoad] = useState<Load>({ status: 'loading' });

  useEffect(() => {
    void requireSignedIn().then((signedIn) => {
      if (signedIn) setRef(refFromPath());
    });
  }, []);

  const fetchThreads = useCallback(async () => {
    if (ref === undefined || !session) return;
    if (ref === null) {
      setLoad({ status: 'missing' });
      return;
    }
    try {
      const [detail, page, talks] = await Promise.all([
        browserApi.listings.detail({ listingRefnum: ref.listingRefnum }),
        browserApi.offers.list({ listingRefnum: ref.listingRefnum, page: 0, size: THREADS_PAGE_SIZE }),
        browserApi.messages.conversations({
          type: 'selling',
          listingRefnum: ref.listingRefnum,
          page: 0,
          size: THREADS_PAGE_SIZE,
        }),
      ]);
      const threads = page.offers.content.filter(
        (thread) => ref.buyerRefnum === undefined || thread.buyerRefnum === ref.buyerRefnum,
      );
      const conversations = new Map(
        talks.conversations.content.map((c) => [c.otherParty.userRefnum, c.conversationId] as const),
      );
      setLoad({ status: 'done', listing: detail.listing, threads, conversations });
    } catch (cause) {
      logFailure('Could not load offers', cause);
      setLoad({ status: 'error', message: cause instanceof Error ? cause.message : String(cause) });
    }
  }, [ref, session]);

  useEffect(() => {
    void fetchThreads();
  }, [fetchThreads]);

  // The other party's answer, or the 24-hour expiry, shows without a reload.
  useOfferUpdates(
    fetchThreads,
    (offer) =>
      offer.listingRefnum === ref?.listingRefnum &&
      (ref.buyerRefnum === undefined || offer.buyerRefnum === ref.buyerRefnum),
  );

  const isSeller = load.status === 'done' && load.listing?.sellerRefnum === session?.userRefnum;
  const backTab = isSeller ? 'selling' : 'offers';

  return (
    <section className="offers-page" aria-labelledby="offers-title">
      <Breadcrumbs
        crumbs={[
          { label: 'Home', href: '/' },
          { label: 'My Dashboard', href: dashboardPath(backTab) },
          { label: 'Offers' },
        ]}
      />
      <h1 id="offers-title">
        {load.status === 'done' && load.listing ? `Offers on ${load.listing.listingTitle}` : 'Offers'}
      </h1>
      {load.status === 'done' && load.listing && (
        <p className="offers-page__listing">
          <a href={itemPath(load.listing.listingRefnum)}>View the item</a> · Asking price{' '}
          {formatCents(load.listing.listingCurrentPrice)}
        </p>
      )}
      {load.status === 'loading' && <Spinner label="Loading offers" />}
      {load.status === 'missing' && <p className="state-message">{offerMessages.notFound}</p>}
      {load.status === 'error' && <p className="state-message state-message--error">{load.message}</p>}
      {load.status === 'done' && load.threads.length === 0 && <p className="state-message">No offers yet</p>}
      {load.status === 'done' &&
        load.threads.map((thread) => (
          <OfferThreadView
            key={thread.threadKey}
            thread={thread}
            viewerRefnum={session?.userRefnum}
            onChanged={() => void fetchThreads()}
            listingSaleType={load.listing?.saleType ?? 0}
            conversationHref={conversationHrefFor(thread, session?.userRefnum, load.conversations)}
          />
        ))}
    </section>
  );
}

/**
 * Where a thread's conversation is: the buyer's by its key (every offer opens it, spec section
 * 3); the seller's with that buyer by its id. Undefined when the seller has none to show.
 */
function conversationHrefFor(
  thread: OfferThread,
  viewerRefnum: string | undefined,
  sellersConversations: Map<string, string>,
): string | undefined {
  if (viewerRefnum === thread.buyerRefnum) return conversationWithSellerPath(thread.listingRefnum, thread.sellerRefnum);
  const conversationId = sellersConversations.get(thread.buyerRefnum);
  return conversationId ? conversationPath(conversationId) : undefined;
}
