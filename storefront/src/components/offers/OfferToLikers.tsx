import { ApiError, GENERIC_ERROR_MESSAGE } from '@yardly/shared/client';
import type { ListingLikers, SellerListing } from '@yardly/shared/contract';
import { OFFER_EXPIRY_HOURS, offerProcess, offerToLikersSentMessage } from '@yardly/shared/rules';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { browserApi } from '../../lib/api';
import { logFailure } from '../../lib/log-failure';
import { showToast } from '../../stores/toast';
import { Modal } from '../account/Modal';
import { DollarField } from './DollarField';
import {
  likersButtonLabel,
  likersLead,
  nextOfferToLikersNote,
  parseLikersOffer,
  suggestedLikersOffer,
} from './likers-view';
import '../../styles/offers.css';

interface OfferToLikersProps {
  listing: Pick<SellerListing, 'listingRefnum' | 'listingCurrentPrice' | 'listingState' | 'buyNow'>;
}

/**
 * "Offer to likers" on the seller's own item page (issue 37): shown while the live listing takes
 * offers and someone saved it, with how many did; a dialog takes the price, the api offers it to
 * each of them and says how many. Once sent, the page says when the next one can be made.
 */
export function OfferToLikers({ listing }: OfferToLikersProps) {
  const [likers, setLikers] = useState<ListingLikers | null>(null);
  const [open, setOpen] = useState(false);
  const takesOffers = listing.listingState === 'live' && !listing.buyNow;

  const read = useCallback(async () => {
    try {
      setLikers(await browserApi.offers.likers({ listingRefnum: listing.listingRefnum }));
    } catch (cause) {
      logFailure('Could not read who saved this listing', cause);
    }
  }, [listing.listingRefnum]);

  useEffect(() => {
    if (takesOffers) void read();
  }, [takesOffers, read]);

  if (!takesOffers || !likers || likers.likers === 0) return null;
  if (likers.nextOfferAt) return <p className="item__note">{nextOfferToLikersNote(likers.nextOfferAt)}</p>;
  return (
    <div className="offer-likers">
      <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
        {likersButtonLabel(likers.likers)}
      </button>
      {open && (
        <OfferToLikersDialog
          listing={listing}
          likers={likers.likers}
          onClose={() => setOpen(false)}
          onSent={() => void read()}
        />
      )}
    </div>
  );
}

function OfferToLikersDialog(props: {
  listing: OfferToLikersProps['listing'];
  likers: number;
  onClose: () => void;
  onSent: () => void;
}) {
  const { listing } = props;
  const [price, setPrice] = useState(suggestedLikersOffer(listing.listingCurrentPrice));
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseLikersOffer(price, listing.listingCurrentPrice);
    if ('error' in parsed) {
      setFieldError(parsed.error);
      return;
    }
    setFieldError(null);
    setError(null);
    setSending(true);
    try {
      const { offered } = await browserApi.offers.offerToLikers({
        listingRefnum: listing.listingRefnum,
        offerPrice: parsed.cents,
      });
      showToast(offerToLikersSentMessage(offered), 'success');
      props.onSent();
      props.onClose();
    } catch (cause) {
      logFailure('Could not make an offer to likers', cause);
      const onField = cause instanceof ApiError ? cause.fieldMessage('offerPrice') : undefined;
      if (onField) setFieldError(onField);
      else setError(cause instanceof ApiError ? cause.message : GENERIC_ERROR_MESSAGE);
      setSending(false);
    }
  }

  return (
    <Modal title={offerProcess.events.offerToLiker.label} onRequestClose={props.onClose}>
      <p className="auth-dialog__lead">{likersLead(props.likers, listing.listingCurrentPrice, OFFER_EXPIRY_HOURS)}</p>
      <form className="offer-likers__form" onSubmit={(event) => void submit(event)} noValidate>
        <div className="form-field">
          <DollarField label="Your offer ($)" value={price} error={fieldError} onChange={setPrice} />
        </div>
        {error && (
          <p className="form-alert" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button button--block" disabled={sending} aria-busy={sending || undefined}>
          {sending ? 'Sending…' : 'Send offer'}
        </button>
      </form>
    </Modal>
  );
}
