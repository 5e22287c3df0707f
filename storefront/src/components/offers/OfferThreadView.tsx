import type { OfferThread } from '@yardly/shared/contract';
import { formatCents, formatDate } from '@yardly/shared/rules';
import { checkoutPath } from '../../lib/checkout-paths';
import { OfferActions } from './OfferActions';
import { offerPayable, offerSenderLabel, offerStateLabel, offersOldestFirst, PAY_NOW_LABEL } from './offer-view';

interface OfferThreadViewProps {
  thread: OfferThread;
  viewerRefnum: string | undefined;
  onChanged: () => void;
  /** The listing's saleType (non-zero once sold): an accepted offer is paid for only before. */
  listingSaleType: number;
  /** The conversation between the thread's buyer and seller (their messages and these offers' steps). */
  conversationHref?: string;
}

/** One buyer's offers on a listing, newest last, each with its price, state and the viewer's answers. */
export function OfferThreadView({
  thread,
  viewerRefnum,
  onChanged,
  listingSaleType,
  conversationHref,
}: OfferThreadViewProps) {
  const heading = viewerRefnum === thread.buyerRefnum ? 'Your offers' : `Offers from ${thread.buyerName}`;
  return (
    <section className="offer-thread" aria-label={heading}>
      <h2 className="offer-thread__title">{heading}</h2>
      {conversationHref && (
        <p className="offer-thread__messages">
          <a href={conversationHref}>View Messages</a>
        </p>
      )}
      <ol className="offer-thread__offers">
        {offersOldestFirst(thread).map((offer) => (
          <li
            key={offer.offerRefnum}
            className="offer"
            aria-label={`${offerSenderLabel(offer, viewerRefnum)} ${formatCents(offer.offerPrice)}`}
          >
            <p className="offer__line">
              <span>{offerSenderLabel(offer, viewerRefnum)}</span>{' '}
              <strong className="offer__price">{formatCents(offer.offerPrice)}</strong>
              <span className={`offer__state offer__state--${offer.offerStatus}`}>
                {offerStateLabel(offer.offerStatus)}
              </span>
            </p>
            <p className="offer__date">{formatDate(offer.createdAt)}</p>
            <OfferActions offer={offer} viewerRefnum={viewerRefnum} onChanged={onChanged} />
            {viewerRefnum === offer.buyerRefnum && offerPayable({ ...offer, saleType: listingSaleType }) && (
              <a
                className="button button--small"
                href={checkoutPath({ itemRefnum: offer.listingRefnum, offerRefnum: offer.offerRefnum })}
              >
                {PAY_NOW_LABEL}
              </a>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
