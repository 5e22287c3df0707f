import type { Offer } from '@yardly/shared/contract';
import { describe, expect, it } from 'vitest';
import { decodeOfferId, listingOffersPath, offerThreadPath } from '../../lib/offer-paths';
import {
  closedToOffersMessage,
  makeOfferView,
  OFFER_INPUT_MESSAGE,
  offerActionLabel,
  offerActionsFor,
  offerSenderLabel,
  offerStateLabel,
  offersOldestFirst,
  parseOfferInput,
} from './offer-view';

const BUYER = 'U000000000B1';
const SELLER = 'U000000000S1';
const LISTING = 'L000000000A1';

function offer(overrides: Partial<Offer> = {}): Offer {
  return {
    offerRefnum: 'O000000000A1',
    threadKey: `${LISTING}_${BUYER}_${SELLER}`,
    offerStatus: 'pending',
    offerPrice: 4000,
    expiresAt: '2026-12-02T10:00:00.000Z',
    listingRefnum: LISTING,
    buyerRefnum: BUYER,
    sellerRefnum: SELLER,
    senderRefnum: BUYER,
    parentOfferRefnum: null,
    createdAt: '2026-12-01T10:00:00.000Z',
    actions: [],
    ...overrides,
  };
}

describe("offer buttons are the api's actions for the viewer", () => {
  it('the seller receiving a pending offer may counter, accept or decline it', () => {
    const toSeller = offer({ actions: ['counter', 'accept', 'decline'] });
    expect(offerActionsFor(toSeller, SELLER)).toEqual(['counter', 'accept', 'decline']);
    expect(offerActionsFor(toSeller, SELLER).map(offerActionLabel)).toEqual(['Counter', 'Accept', 'Decline']);
  });

  it('the buyer who sent it may only withdraw it', () => {
    expect(offerActionsFor(offer({ actions: ['withdraw'] }), BUYER)).toEqual(['withdraw']);
    expect(offerActionLabel('withdraw')).toBe('Withdraw');
  });

  it('an event no button takes is never shown, and an answered offer has none', () => {
    expect(offerActionsFor(offer({ actions: ['supersede', 'lapse', 'accept'] }), SELLER)).toEqual(['accept']);
    expect(offerActionsFor(offer({ offerStatus: 'accepted', actions: [] }), BUYER)).toEqual([]);
  });

  it('a guest sees none', () => {
    expect(offerActionsFor(offer({ actions: ['withdraw'] }), undefined)).toEqual([]);
  });
});

describe('what an offer shows', () => {
  it('labels its state as the declaration does', () => {
    expect(offerStateLabel('pending')).toBe('Pending');
    expect(offerStateLabel('cancelled')).toBe('Withdrawn');
    expect(offerStateLabel('expired')).toBe('Expired');
  });

  it('says who made it from where the viewer stands', () => {
    expect(offerSenderLabel(offer(), BUYER)).toBe('You offered');
    expect(offerSenderLabel(offer(), SELLER)).toBe('Buyer offered');
    expect(offerSenderLabel(offer({ senderRefnum: SELLER, parentOfferRefnum: 'O000000000A0' }), BUYER)).toBe(
      'Seller countered',
    );
    // A seller's first offer in a thread is an offer to likers (issue 37): the liker answers it.
    expect(offerSenderLabel(offer({ senderRefnum: SELLER }), BUYER)).toBe('Seller offered');
  });

  it('lists a thread oldest first, so the newest offer is last', () => {
    const first = offer({ offerRefnum: 'O1', createdAt: '2026-12-01T10:00:00.000Z' });
    const second = offer({ offerRefnum: 'O2', createdAt: '2026-12-01T11:00:00.000Z' });
    expect(offersOldestFirst({ offers: [second, first] }).map((o) => o.offerRefnum)).toEqual(['O1', 'O2']);
  });
});

describe('the offer input takes dollars and sends cents', () => {
  it.each([
    ['40', 4000],
    ['45.5', 4550],
    ['.99', 99],
    [' 12.34 ', 1234],
  ])('%s is %i cents', (typed, cents) => {
    expect(parseOfferInput(typed)).toEqual({ cents });
  });

  it.each(['', '0', '0.00', 'abc', '-5', '1.234', '$5'])('%j is refused with the message', (typed) => {
    expect(parseOfferInput(typed)).toEqual({ error: OFFER_INPUT_MESSAGE });
  });
});

describe("the item page's offer control", () => {
  const live = { sellerRefnum: SELLER, listingState: 'live' };
  const none = { alreadyOffered: false, offerRefnum: null };

  it('is absent on your own listing', () => {
    expect(makeOfferView(live, SELLER, none)).toEqual({ kind: 'own' });
  });

  it('asks a guest to log in', () => {
    expect(makeOfferView(live, undefined, null)).toEqual({ kind: 'guest' });
  });

  it('is a form for a signed-in buyer on a live listing', () => {
    expect(makeOfferView(live, BUYER, none)).toEqual({ kind: 'form' });
  });

  it('shows the existing offer instead of a second one, also once it reserved the listing', () => {
    const existing = { alreadyOffered: true, offerRefnum: 'O000000000A1' };
    expect(makeOfferView(live, BUYER, existing)).toEqual({ kind: 'offered', offerRefnum: 'O000000000A1' });
    expect(makeOfferView({ ...live, listingState: 'reserved' }, BUYER, existing).kind).toBe('offered');
  });

  it('says why a listing that is not live takes no offer', () => {
    expect(closedToOffersMessage('paused')).toBe('This listing is deactivated and takes no offers');
    expect(closedToOffersMessage('live')).toBeNull();
  });

  it('takes no offer on a reserved or deactivated listing', () => {
    expect(makeOfferView({ ...live, listingState: 'reserved' }, BUYER, none)).toEqual({ kind: 'closed' });
    expect(makeOfferView({ ...live, listingState: 'paused' }, undefined, null)).toEqual({ kind: 'closed' });
  });
});

describe('/offers/{encoded id}', () => {
  it("round-trips a thread key (spec section 3's listingRefnum_buyerRefnum_sellerRefnum)", () => {
    const path = offerThreadPath(`${LISTING}_${BUYER}_${SELLER}`);
    expect(path).toMatch(/^\/offers\/[A-Za-z0-9_-]+$/);
    expect(decodeOfferId(path.slice('/offers/'.length))).toEqual({
      listingRefnum: LISTING,
      buyerRefnum: BUYER,
      sellerRefnum: SELLER,
    });
  });

  it("round-trips a listing's offers", () => {
    const path = listingOffersPath(LISTING);
    expect(decodeOfferId(path.slice('/offers/'.length))).toEqual({ listingRefnum: LISTING });
  });

  it('names nothing for an id that is not one', () => {
    expect(decodeOfferId('not base64!')).toBeNull();
    expect(decodeOfferId(btoa('a_b'))).toBeNull();
    expect(decodeOfferId(btoa('<script>'))).toBeNull();
    expect(decodeOfferId('')).toBeNull();
  });
});
