import type { CheckoutDeliveryOption, DeliveryMethod } from '@yardly/shared/contract';
import {
  cardMessages,
  FREE_SHIPPING_LABEL,
  LOCAL_PICKUP_LABEL,
  MIN_CARD_CHARGE_CENTS,
  OPEN_CHECKOUTS_PER_BUYER,
  orderMessages,
  rewardsToApply,
  shippingCents,
  weightClassOf,
} from '@yardly/shared/rules';
import { and, eq } from 'drizzle-orm';
import type { Clock } from '../../clock/clock';
import type { Db } from '../../db/connect';
import { addresses, checkouts, listings, offers, users } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { Caller } from '../../http/caller';
import type { OfferRunner } from '../offers/process';
import { catchUpListing } from '../offers/reservation';
import { type ListingReader, openableBy } from '../organisation-marketplace/visibility';
import { cardStore } from '../payments/cards';
import type { PaymentProvider } from '../payments/provider';
import { rewardsBalance } from '../rewards/wallet';
import { openCheckoutsOf } from './abandoned';
import { amountOf } from './amount';
import { isRewardsPayment, newRewardsPaymentId, REWARDS_PAYMENT } from './rewards-payment';
import { purchaseTerms } from './terms';

export interface CheckoutDeps {
  db: Db;
  clock: Clock;
  payments: PaymentProvider;
  offerRunner: OfferRunner;
}

/** The ways a listing the reader may open reaches its buyer, as the listing allows them (shippable, meetToDeliver). */
export async function deliveryOptions(db: Db, listingRefnum: string, reader: ListingReader) {
  const [listing] = await db
    .select()
    .from(listings)
    .where(and(eq(listings.refnum, listingRefnum), openableBy(reader)));
  if (!listing || listing.state === 'draft' || listing.state === 'deleted') {
    throw AppError.notFound('This listing does not exist');
  }
  const options: CheckoutDeliveryOption[] = [];
  if (listing.shippable) {
    options.push({
      method: 'ship',
      label: listing.offerFreeDelivery ? FREE_SHIPPING_LABEL : `Shipping (${weightClassOf(listing.weightLbs).label})`,
      priceCents: shippingCents(listing),
    });
  }
  if (listing.meetToDeliver) options.push({ method: 'pickup', label: LOCAL_PICKUP_LABEL, priceCents: 0 });
  return { listingRefnum, options };
}

export interface CreateIntentRequest {
  listingRefnum: string;
  offerRefnum?: string;
  deliveryMethod: DeliveryMethod;
  addressId?: string;
  /** Keep the card that pays, once the order is placed. */
  saveCard?: boolean;
  /** One of the caller's saved cards to pay with (its refnum): the api confirms the intent with it. */
  paymentCardId?: string;
  /** Spend the caller's rewards before the card (the contract's default: true). */
  useRewards?: boolean;
}

/**
 * The longest Idempotency-Key a client may send: ours is sent to Stripe inside a longer key
 * (`checkout:<buyer>:<key>`), and Stripe takes at most 255 characters.
 */
export const IDEMPOTENCY_KEY_MAX = 200;

/** The Idempotency-Key header when it is one (1-200 printable characters); null when missing or malformed. */
export function idempotencyKeyOf(header: string | string[] | undefined): string | null {
  const key = Array.isArray(header) ? header[0] : header;
  return key && key.length <= IDEMPOTENCY_KEY_MAX && /^[\x21-\x7e]+$/.test(key) ? key : null;
}

/** Why a header is not a usable Idempotency-Key: too long, or missing or unprintable. */
function idempotencyKeyProblem(header: string | string[] | undefined): string {
  const key = Array.isArray(header) ? header[0] : header;
  return key && key.length > IDEMPOTENCY_KEY_MAX
    ? orderMessages.idempotencyKeyTooLong
    : orderMessages.idempotencyKeyRequired;
}

type CheckoutRow = typeof checkouts.$inferSelect;

/**
 * The answer of createPI for a checkout: its intent, the intent's status and the amount the api
 * computed. A saved card the bank declined answers 402 with the bank's words, every time it is
 * asked (the checkout is kept, so the same Idempotency-Key answers the same). A checkout paid
 * wholly by rewards has no intent: its rewards payment is ready to place (`requires_capture`).
 */
async function answerFor(payments: PaymentProvider, checkout: CheckoutRow) {
  if (isRewardsPayment(checkout)) {
    return {
      paymentIntentId: checkout.paymentIntentId,
      clientSecret: '',
      amount: amountOf(checkout),
      status: 'requires_capture' as const,
    };
  }
  const intent = await payments.retrieveIntent(checkout.paymentIntentId);
  if (checkout.paymentCardRefnum && intent.status === 'requires_payment_method') {
    throw new AppError(402, intent.lastError ?? cardMessages.declined, { reason: 'card_declined' });
  }
  return {
    paymentIntentId: intent.id,
    clientSecret: intent.clientSecret,
    amount: amountOf(checkout),
    status: intent.status,
  };
}

/** The same key sent again with another request: refused, as Stripe refuses a reused key. */
function sameRequest(
  checkout: CheckoutRow,
  listingId: number,
  offerId: number | null,
  request: CreateIntentRequest,
  addressId: number | null,
) {
  return (
    checkout.listingId === listingId &&
    checkout.offerId === offerId &&
    checkout.deliveryMethod === request.deliveryMethod &&
    (request.deliveryMethod === 'pickup' || checkout.addressId === addressId) &&
    checkout.saveCard === (request.saveCard ?? false) &&
    checkout.paymentCardRefnum === (request.paymentCardId ?? null) &&
    checkout.useRewards === (request.useRewards ?? true)
  );
}

/**
 * `POST /svc/payment/createPI`: the api prices the purchase (purchaseTerms), asks the provider for
 * an intent of that amount under the caller's Idempotency-Key, and keeps the checkout. The same
 * key answers the same intent; a retry after a crash between the two writes finds the provider's
 * intent by the same key and records it. With a saved card the provider confirms the intent at
 * once with the card's token; `saveCard` is kept on the checkout for the placing to honour.
 * The caller's rewards balance pays first (rewardsToApply), the intent is for what is left; all
 * of it paid by rewards, no intent is made (rewards-payment.ts). The balance is read, not held:
 * the placing takes the rewards under the buyer's lock, and refuses a second order counting on
 * the same ones (409).
 */
export function createPaymentIntentWith({ db, clock, payments, offerRunner }: CheckoutDeps) {
  const cards = cardStore({ db, clock, provider: payments.name });
  return async (caller: Caller, request: CreateIntentRequest, header: string | string[] | undefined) => {
    const key = idempotencyKeyOf(header);
    const now = clock.now();
    const [listing] = await db
      .select({ id: listings.id })
      .from(listings)
      .where(eq(listings.refnum, request.listingRefnum));
    if (!listing) throw AppError.notFound('This listing does not exist');
    const [offer] = request.offerRefnum
      ? await db.select({ id: offers.id }).from(offers).where(eq(offers.refnum, request.offerRefnum))
      : [];
    const [address] = request.addressId
      ? await db.select({ id: addresses.id }).from(addresses).where(eq(addresses.refnum, request.addressId))
      : [];
    const [earlier] = key
      ? await db
          .select()
          .from(checkouts)
          .where(and(eq(checkouts.buyerId, caller.userId), eq(checkouts.idempotencyKey, key)))
      : [];
    if (earlier) {
      if (!sameRequest(earlier, listing.id, offer?.id ?? null, request, address?.id ?? null)) {
        throw AppError.conflict(
          'This Idempotency-Key was used for another checkout: send a new one',
          'idempotency_key_reused',
        );
      }
      return answerFor(payments, earlier);
    }
    await catchUpListing(db, offerRunner, listing.id, now);
    const terms = await db.transaction(async (tx) => {
      const [locked] = await tx.select().from(listings).where(eq(listings.id, listing.id)).for('update');
      if (!locked) throw AppError.notFound('This listing does not exist');
      const { offerRefnum, deliveryMethod, addressId } = request;
      return purchaseTerms(
        tx,
        offerRunner,
        caller,
        locked,
        { offerRefnum, deliveryMethod, addressRefnum: addressId },
        now,
      );
    });
    // The card too is checked after the purchase's own refusals: someone else's is a 404 whatever the headers.
    const savedCardToken = request.paymentCardId
      ? await cards.tokenToPay(caller.userId, request.paymentCardId)
      : undefined;
    // Checked after the purchase's own refusals: someone else's address is a 403 whatever the headers.
    if (!key) throw new AppError(400, idempotencyKeyProblem(header), { field: 'Idempotency-Key' });
    const [seller] = await db
      .select({ refnum: users.refnum })
      .from(users)
      .innerJoin(listings, eq(listings.sellerId, users.id))
      .where(eq(listings.id, listing.id));
    const rewardsCents = rewardsToApply(
      terms.totalCents,
      await rewardsBalance(db, caller.userId),
      request.useRewards ?? true,
    );
    const byRewards = rewardsCents === terms.totalCents;
    // Stripe refuses a card charge under 50¢: such a total is paid wholly by rewards or not at all.
    if (!byRewards && terms.totalCents - rewardsCents < MIN_CARD_CHARGE_CENTS) {
      throw new AppError(400, orderMessages.belowCardMinimum, { field: 'amount', reason: 'below_card_minimum' });
    }
    // A payment held open counts against the person until it is placed or the sweep has looked at it:
    // one account's hundreds of checkouts starved the sweep of everyone else's (issue 34).
    if (!byRewards && (await openCheckoutsOf(db, caller.userId, payments.name, now)) >= OPEN_CHECKOUTS_PER_BUYER)
      throw new AppError(429, orderMessages.tooManyOpenCheckouts, { reason: 'too_many_open_checkouts' });
    const intent = byRewards
      ? null
      : await payments.createIntent({
          amountCents: terms.totalCents - rewardsCents,
          idempotencyKey: `checkout:${caller.userRefnum}:${key}`,
          metadata: {
            listingRefnum: request.listingRefnum,
            buyerRefnum: caller.userRefnum,
            sellerRefnum: seller?.refnum ?? '',
            deliveryMethod: request.deliveryMethod,
            ...(request.offerRefnum && { offerRefnum: request.offerRefnum }),
            ...(rewardsCents > 0 && { rewardsCents: String(rewardsCents) }),
          },
          savedCardToken,
        });
    const row = {
      paymentIntentId: intent?.id ?? newRewardsPaymentId(),
      provider: intent ? payments.name : REWARDS_PAYMENT,
      buyerId: caller.userId,
      idempotencyKey: key,
      listingId: listing.id,
      offerId: terms.offerId,
      deliveryMethod: request.deliveryMethod,
      addressId: terms.address?.id ?? null,
      itemPriceCents: terms.itemPriceCents,
      shippingCents: terms.shippingCents,
      totalCents: terms.totalCents,
      saveCard: request.saveCard ?? false,
      paymentCardRefnum: request.paymentCardId ?? null,
      useRewards: request.useRewards ?? true,
      rewardsCents,
      createdAt: now,
    };
    // The limit is counted again where the checkout is written, under the buyer's row lock: two
    // requests at once both passed the count above, and made a sixth open checkout (issue 34).
    const refused = await db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, caller.userId)).for('update');
      const [same] = await tx
        .select({ id: checkouts.id })
        .from(checkouts)
        .where(and(eq(checkouts.buyerId, caller.userId), eq(checkouts.idempotencyKey, key)));
      if (
        !same &&
        !byRewards &&
        (await openCheckoutsOf(tx, caller.userId, payments.name, now)) >= OPEN_CHECKOUTS_PER_BUYER
      )
        return true;
      await tx.insert(checkouts).values(row).onConflictDoNothing();
      return false;
    });
    if (refused) {
      // The intent lost the race for the last place. One not yet confirmed holds nothing and is
      // kept: the same key, sent again once a place is free, answers it. One a saved card
      // authorised is released (a release that fails lapses at the provider after 7 days).
      if (intent && intent.status !== 'requires_payment_method') {
        await payments.cancel(intent.id, `checkout:${caller.userRefnum}:${key}:over-limit`).catch(() => {});
      }
      throw new AppError(429, orderMessages.tooManyOpenCheckouts, { reason: 'too_many_open_checkouts' });
    }
    const [checkout] = await db
      .select()
      .from(checkouts)
      .where(and(eq(checkouts.buyerId, caller.userId), eq(checkouts.idempotencyKey, key)));
    return answerFor(payments, checkout as CheckoutRow);
  };
}
