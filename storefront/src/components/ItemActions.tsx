import type { SellerListing } from '@yardly/shared/contract';
import { listingClosedToOffers, offerProcess } from '@yardly/shared/rules';
import { lazy, Suspense, useState } from 'react';
import { checkoutPath } from '../lib/checkout-paths';
import { conversationWithSellerPath } from '../lib/message-paths';
import { DONATION_ENABLED } from '../lib/navigation';
import { useRenderedSession } from '../lib/use-hydrated';
import { openAuthDialog, promptGuest } from '../stores/auth-dialog';
import { GUEST_PROMPTS } from '../stores/session';
import { AccountLink } from './AccountLink';

// The seller's controls and the report dialog bring the api client: load them when needed.
const OwnersOrder = lazy(() => import('./orders/OwnersOrder').then((m) => ({ default: m.OwnersOrder })));
const MakeOffer = lazy(() => import('./offers/MakeOffer').then((m) => ({ default: m.MakeOffer })));
const OfferToLikers = lazy(() => import('./offers/OfferToLikers').then((m) => ({ default: m.OfferToLikers })));
const ReportDialog = lazy(() => import('./selling/ReportDialog').then((m) => ({ default: m.ReportDialog })));
const DonationPanel = lazy(() => import('./donations/DonationPanel').then((m) => ({ default: m.DonationPanel })));

interface ItemActionsProps {
  listing: SellerListing;
  /** The listing is sold, expired or deleted. */
  unavailable: boolean;
}

/**
 * What a visitor can do about an item. The seller manages it here (sold, deactivate, relist,
 * edit, delete, offer to likers) and reaches its order once sold; anyone else may buy it now when the listing
 * allows it, or else make an offer while it is live (a guest is asked to log in first for either)
 * or see the one they made, message the
 * seller, and report it.
 */
export function ItemActions({ listing, unavailable }: ItemActionsProps) {
  // The server renders a guest's view: so does the first render here, then the stored login's
  // (else React throws the server's markup away, minified error 418).
  const session = useRenderedSession();
  const [reporting, setReporting] = useState(false);
  const [current, setCurrent] = useState(listing);

  // A donation (flag on): its donor and charity recipients see where it stands (issue 21).
  const donation = DONATION_ENABLED && listing.isDonation && session !== null;

  if (session?.userRefnum === listing.sellerRefnum) {
    return (
      <div className="item__owner">
        <p className="item__note">This is your listing.</p>
        <Suspense fallback={null}>
          <OwnersOrder listing={current} onChanged={setCurrent} />
          <OfferToLikers listing={current} />
          {donation && <DonationPanel listing={current} session={session} />}
        </Suspense>
      </div>
    );
  }

  // "Report an item" (a guest is asked to log in first) and, once asked, its dialog.
  function openReport() {
    if (!session) promptGuest(GUEST_PROMPTS.account);
    else setReporting(true);
  }
  const reportItem = (
    <>
      <button type="button" className="link-button" onClick={openReport}>
        Report an item
      </button>
      {reporting && (
        <Suspense fallback={null}>
          <ReportDialog listingRefnum={listing.listingRefnum} onClose={() => setReporting(false)} />
        </Suspense>
      )}
    </>
  );

  if (donation && session.isDonationRecipient) {
    return (
      <div>
        <Suspense fallback={null}>
          <DonationPanel listing={listing} session={session} />
        </Suspense>
        {reportItem}
      </div>
    );
  }

  return (
    <div>
      {/* 'Buy Now': to the checkout. */}
      {!unavailable && listing.buyNow && listing.listingState === 'live' && (
        <AccountLink
          className="button item__buy"
          href={checkoutPath({ itemRefnum: listing.listingRefnum })}
          signedIn={session !== null}
        >
          Buy Now
        </AccountLink>
      )}
      {unavailable ? (
        <p className="item__note">This item is no longer available.</p>
      ) : listing.buyNow ? (
        // Saved as 'Buy Now': it takes no offers (the seller chose Buy Now over Take offers).
        listing.listingState !== 'live' && <p className="item__note">{listingClosedToOffers[listing.listingState]}</p>
      ) : session ? (
        <Suspense fallback={null}>
          <MakeOffer listing={listing} viewerRefnum={session.userRefnum} />
        </Suspense>
      ) : listing.listingState === 'live' ? (
        <button
          type="button"
          className="button"
          onClick={() => openAuthDialog({ name: 'login', notice: GUEST_PROMPTS.account })}
        >
          {offerProcess.events.make.label}
        </button>
      ) : (
        <p className="item__note">{listingClosedToOffers[listing.listingState]}</p>
      )}
      {/* 'Message': the buyer's conversation with the seller about this listing (opened by its first line there). */}
      {listing.listingState === 'live' && (
        <AccountLink
          className="button button--secondary item__message"
          href={conversationWithSellerPath(listing.listingRefnum, listing.sellerRefnum)}
          signedIn={session !== null}
        >
          Message
        </AccountLink>
      )}
      {reportItem}
    </div>
  );
}
