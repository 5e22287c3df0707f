import { ApiError, GENERIC_ERROR_MESSAGE } from '@yardly/shared/client';
import type { OfferThread, SellerListing } from '@yardly/shared/contract';
import { centsToDollarInput, formatCents, offerMessages, offerProcess } from '@yardly/shared/rules';
import { useCallback, useEffect, useState } from 'react';
import { browserApi } from '../../lib/api';
import { offerThreadPath } from '../../lib/offer-paths';
import { showToast } from '../../stores/toast';
import { DollarField } from './DollarField';
import { closedToOffersMessage, makeOfferView, offerSenderLabel, offerStateLabel, parseOfferInput } from './offer-view';
import { useOfferUpdates } from './use-offer-updates';
import '../../styles/offers.css';
import { logFailure } from '../../lib/log-failure';

interface MakeOfferProps {
  listing: Pick<SellerListing, 'listingRefnum' | 'sellerRefnum' | 'listingState' | 'listingCurrentPrice'>;
  /** The signed-in buyer. */
  viewerRefnum: string;
}

type Existing = { alreadyOffered: boolean; offerRefnum: string | null };

/**
 * A signed-in buyer's offer on the item page: the existing open offer (price, state, a link to
 * its thread) when there is one, otherwise a price input starting at the seller's asking price.
 */
export function MakeOffer({ listing, viewerRefnum }: MakeOfferProps) {
  const [existing, setExisting] = useState<Existing | null>(null);
  const [thread, setThread] = useState<OfferThread | null>(null);
  const [price, setPrice] = useState(centsToDollarInput(listing.listingCurrentPrice));
  const [inputError, setInputError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const check = useCallback(async () => {
    try {
      const answer = await browserApi.offers.alreadyOffered({ listingRefnum: listing.listingRefnum });
      if (answer.alreadyOffered) {
        const page = await browserApi.offers.list({ listingRefnum: listing.listingRefnum, page: 0, size: 1 });
        setThread(page.offers.content[0] ?? null);
      }
      setExisting(answer);
    } catch (cause) {
      logFailure('Could not read your offer on this listing', cause);
      showToast(cause instanceof ApiError ? cause.message : GENERIC_ERROR_MESSAGE, 'error');
    }
  }, [listing.listingRefnum]);

  useEffect(() => {
    void check();
  }, [check]);

  if (existing === null) return null;
  const view = makeOfferView(listing, viewerRefnum, existing);

  if (view.kind === 'offered') {
    return (
      <YourOffer
        thread={thread}
        offerRefnum={view.offerRefnum}
        viewerRefnum={viewerRefnum}
        listingRefnum={listing.listingRefnum}
        readAgain={check}
      />
    );
  }
  if (view.kind === 'closed') return <p className="item__note">{closedToOffersMessage(listing.listingState)}</p>;
  if (view.kind !== 'form') return null;

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = parseOfferInput(price);
    if ('error' in parsed) {
      setInputError(parsed.error);
      return;
    }
    setInputError(null);
    setSending(true);
    try {
      await browserApi.offers.create({ listingRefnum: listing.listingRefnum, offerPrice: parsed.cents });
      showToast(offerMessages.made, 'success');
      await check();
    } catch (cause) {
      logFailure('Could not make an offer', cause);
      showToast(cause instanceof ApiError ? cause.message : GENERIC_ERROR_MESSAGE, 'error');
    } finally {
      setSending(false);
    }
  }

  return (
    <form className="offer-form" onSubmit={(event) => void submit(event)} noValidate aria-label="Make an offer">
      <DollarField label="Your offer ($)" value={price} error={inputError} onChange={setPrice} />
      <button type="submit" className="button" disabled={sending} aria-busy={sending || undefined}>
        {sending ? 'Sending…' : offerProcess.events.make.label}
      </button>
    </form>
  );
}

interface YourOfferProps {
  thread: OfferThread | null;
  offerRefnum: string;
  viewerRefnum: string;
  listingRefnum: string;
  readAgain: () => Promise<void>;
}

/** The buyer's open offer on the item page, following the seller's answer (or its expiry) live. */
function YourOffer({ thread, offerRefnum, viewerRefnum, listingRefnum, readAgain }: YourOfferProps) {
  useOfferUpdates(readAgain, (offer) => offer.listingRefnum === listingRefnum && offer.buyerRefnum === viewerRefnum);
  const offer = thread?.offers.find((o) => o.offerRefnum === offerRefnum) ?? thread;
  return (
    <section className="offer-summary" aria-label="Your offer">
      {offer && (
        <p>
          {offerSenderLabel(offer, viewerRefnum)} <strong>{formatCents(offer.offerPrice)}</strong>{' '}
          <span className={`offer__state offer__state--${offer.offerStatus}`}>
            {offerStateLabel(offer.offerStatus)}
          </span>
        </p>
      )}
      {thread && <a href={offerThreadPath(thread.threadKey)}>View your offer</a>}
    </section>
  );
}
