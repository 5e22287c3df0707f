import type { LoginData } from '@yardly/shared/contract';
import {
  can,
  currentListingState,
  currentOfferState,
  type EventOf,
  type FactsOf,
  LISTING_LIFETIME_DAYS,
  listingInvariants,
  OFFER_EXPIRY_HOURS,
  OFFER_PAYMENT_HOURS,
  offerInvariants,
  orderInvariants,
  organisationInvariants,
  type Process,
  type ProcessInvariants,
  type ProcessRole,
  type ProcessStep,
  rentalInvariants,
  type StateOf,
  type StepActor,
} from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import { listings, offers, orders, organizations, rentals } from '../src/db/schema/index';
import { callAs } from './admin-helpers';
import { confirmCard, createPI, placeOrder, savedAddress } from './checkout-helpers';
import { json, type TestApp } from './harness';
import { acceptOffer, counterOffer, declineOffer, makeOffer } from './offer-helpers';
import { createRental, rentalCall, rentalDraftRef, rentalForm } from './rental-helpers';
import { advanceSignedIn, dayByDay, labelBought, openReturn, RETURN_BODY } from './return-helpers';
import { auth, createListing, draftRef, goodForm, listingTakingOffers, publishedListing } from './selling-helpers';

/**
 * Replays sequences of a process's events against the real api (issue 35): each step through the
 * call a person makes (or the dev clock moving, for timers and the carrier), and before each step
 * every call the table refuses then is tried and must be refused (any 4xx), the state untouched.
 */

export interface Cast {
  seller: LoginData;
  buyer: LoginData;
  admin: LoginData;
}

// biome-ignore lint/suspicious/noExplicitAny: any process, read back through StateOf and EventOf.
type AnyProcess = Process<any, any, any, any>;

/** One way the api is asked to take an event: a person's call, or the clock moving until it is taken. */
interface Call<P extends AnyProcess, Subject> {
  by: StepActor;
  /** The event this call takes on a subject in `state`. */
  event: (state: StateOf<P>) => EventOf<P>;
  /** The call's status (a clock move answers 200 once it has moved). */
  run: (subject: Subject) => Promise<number>;
  /** Tried when the table refuses it (not a clock move, nor a call that needs what the step makes). */
  probe?: false;
}

export interface Replayer<P extends AnyProcess, Subject> {
  invariants: ProcessInvariants<P>;
  /** The facts the table is asked with after `path`, for `by`, in the world the replay builds. */
  facts: (path: readonly ProcessStep<StateOf<P>, EventOf<P>>[], by: StepActor) => FactsOf<P>;
  /** A fresh subject: a draft in the initial state, or made by `first` (the event that creates it). */
  begin: (first: ProcessStep<StateOf<P>, EventOf<P>>) => Promise<{ subject: Subject; status: number }>;
  /** The events creating a subject that `begin` takes, when not every one the table has (a seller's offer to likers). */
  begins?: readonly EventOf<P>[];
  state: (subject: Subject) => Promise<StateOf<P> | undefined>;
  calls: Call<P, Subject>[];
}

const roleOf = (by: StepActor): ProcessRole => (by === 'timer' ? 'system' : by);
const statusOf = async (res: Promise<{ statusCode: number }>) => (await res).statusCode;

/** Whether every step of `path` has a call, and the table allows each in the replay's world. */
export function replayable<P extends AnyProcess, Subject>(
  replayer: Replayer<P, Subject>,
  path: readonly ProcessStep<StateOf<P>, EventOf<P>>[],
): boolean {
  const { process } = replayer.invariants;
  return path.every((step, i) => {
    if (step.from === null) return i === 0 && (replayer.begins?.includes(step.event) ?? true);
    const facts = replayer.facts(path.slice(0, i), step.by);
    if (!can(process, step.from, step.event, roleOf(step.by), facts).ok) return false;
    const from = step.from;
    return replayer.calls.some((c) => c.by === step.by && c.event(from) === step.event);
  });
}

export interface ReplayCount {
  sequences: number;
  steps: number;
  probes: number;
  /** The refusals checked so far (state, call, facts): each is tried once per run, not once per sequence. */
  probed: Set<string>;
}

/** Replays `path`; throws, naming the steps, where the api and the table first disagree. */
export async function replay<P extends AnyProcess, Subject>(
  replayer: Replayer<P, Subject>,
  path: readonly ProcessStep<StateOf<P>, EventOf<P>>[],
  count: ReplayCount,
): Promise<void> {
  const { process } = replayer.invariants;
  const named = (upTo: number) =>
    path
      .slice(0, upTo + 1)
      .map((s) => `${s.event}(${s.by})`)
      .join(' > ');
  const first = path[0];
  if (!first) return;
  const begun = await replayer.begin(first);
  if (begun.status >= 300) throw new Error(`${process.name}: starting ${named(0)}, the api answered ${begun.status}`);
  const { subject } = begun;
  const start = first.from === null ? 1 : 0;
  let state = await replayer.state(subject);
  const expected = first.from === null ? first.to : process.initial;
  if (state !== expected) throw new Error(`${process.name} ${named(0)}: the api has ${state}, the table ${expected}`);
  count.sequences++;
  count.steps += start;
  for (let index = start; index < path.length; index++) {
    const step = path[index] as ProcessStep<StateOf<P>, EventOf<P>>;
    const before = path.slice(0, index);
    const current = state as StateOf<P>;
    for (const probe of replayer.calls) {
      if (probe.probe === false) continue;
      const event = probe.event(current);
      const facts = replayer.facts(before, probe.by);
      if (can(process, current, event, roleOf(probe.by), facts).ok) continue;
      const key = `${current}|${event}|${probe.by}|${JSON.stringify(facts)}`;
      if (count.probed.has(key)) continue;
      count.probed.add(key);
      const answer = await probe.run(subject);
      count.probes++;
      const where = `${process.name} ${named(index - 1)}, then ${event}(${probe.by})`;
      if (answer < 400 || answer >= 500) throw new Error(`${where}: the table refuses it, the api answered ${answer}`);
      const after = await replayer.state(subject);
      if (after !== current) throw new Error(`${where}: refused, yet the api moved it to ${after}`);
    }
    const taking = replayer.calls.find((c) => c.by === step.by && c.event(current) === step.event);
    if (!taking) throw new Error(`${process.name} ${named(index)}: no call takes it`);
    const answer = await taking.run(subject);
    count.steps++;
    if (answer >= 300)
      throw new Error(`${process.name} ${named(index)}: the table allows it, the api answered ${answer}`);
    state = await replayer.state(subject);
    if (state !== step.to)
      throw new Error(`${process.name} ${named(index)}: the api has ${state}, the table ${step.to}`);
  }
}

const post = (t: TestApp, url: string, token: string, payload: object) =>
  t.app.inject({ method: 'POST', url, payload, headers: auth(token) });

/** The buyer's Buy Now of a listing (shipped), as far as the api lets it go: the status and the order. */
async function buyNow(t: TestApp, buyer: LoginData, listingRefnum: string) {
  const addressId = await savedAddress(t, buyer.token);
  const intent = await createPI(t, buyer.token, { listingRefnum, deliveryMethod: 'ship', addressId });
  if (intent.status !== 200) return { status: intent.status };
  const confirmed = await confirmCard(t, buyer.token, intent.body.data.paymentIntentId);
  if (confirmed.status !== 200) return { status: confirmed.status };
  const placed = await placeOrder(t, buyer.token, intent.body.data.paymentIntentId);
  return { status: placed.status, orderId: placed.status === 200 ? placed.body.data.orderId : undefined };
}

async function orderStateOf(t: TestApp, orderId: string | undefined) {
  if (!orderId) return undefined;
  const [row] = await t.database.db.select({ state: orders.state }).from(orders).where(eq(orders.refnum, orderId));
  return row?.state;
}

/** A priced listing of the seller's, from its draft; the buyer buys it by Buy Now, the seller cancels that order. */
export function listingReplayer(t: TestApp, cast: Cast): Replayer<typeof listingInvariants.process, ListingSubject> {
  const people = Object.values(cast);
  const sellerCall = (url: string, s: ListingSubject, via: 'body' | 'query' = 'body') =>
    statusOf(
      t.app.inject({
        method: 'POST',
        url: via === 'query' ? `${url}?listingRefnum=${s.refnum}` : url,
        payload: via === 'body' ? { listingRefnum: s.refnum } : undefined,
        headers: auth(cast.seller.token),
      }),
    );
  const moderate = (s: ListingSubject, event: 'deactivate' | 'activate' | 'remove' | 'restore') =>
    statusOf(
      event === 'remove'
        ? callAs(t, 'DELETE', `/svc/admin/listings/${s.refnum}`, cast.admin.token)
        : callAs(t, 'PUT', `/svc/admin/listings/${s.refnum}`, cast.admin.token, {
            status: 'active',
            deleted: false,
            featured: false,
            event,
          }),
    );
  return {
    invariants: listingInvariants,
    facts: (path) => {
      // An order sold it and was neither cancelled nor lapsed since: it is in progress.
      let open = false;
      for (const s of path) {
        if (s.event === 'sell') open = true;
        if (s.event === 'orderCancelled' || s.event === 'orderLapsed') open = false;
      }
      return { priceCents: 2500, openOffers: 0, orderInProgress: open };
    },
    async begin() {
      const ref = await draftRef(t, cast.seller.token);
      const res = await createListing(t, cast.seller.token, await goodForm(t, ref, { draft: true }));
      const refnum = json<{ data: { listingRefnum: string } }>(res).data.listingRefnum;
      return { subject: { refnum, ref }, status: res.statusCode };
    },
    async state(s) {
      const [row] = await t.database.db.select().from(listings).where(eq(listings.refnum, s.refnum));
      return row && currentListingState(row.state, row.listingEnd, t.app.clock.now());
    },
    calls: [
      // The form opened for a listing edits it once published: publishing is not a call to refuse.
      {
        by: 'seller',
        event: () => 'publish',
        probe: false,
        run: async (s) => statusOf(createListing(t, cast.seller.token, await goodForm(t, s.ref))),
      },
      { by: 'seller', event: () => 'markSold', run: (s) => sellerCall('/svc/listing/sold', s) },
      {
        by: 'seller',
        event: (state) => (state === 'paused' ? 'activate' : 'deactivate'),
        run: (s) => sellerCall('/svc/listing/toggle-active-status', s),
      },
      { by: 'seller', event: () => 'relist', run: (s) => sellerCall('/svc/listing/relist', s) },
      { by: 'seller', event: () => 'delete', run: (s) => sellerCall('/svc/listing/delete', s, 'query') },
      ...(['deactivate', 'activate', 'remove', 'restore'] as const).map((event) => ({
        by: 'admin' as const,
        event: () => event,
        run: (s: ListingSubject) => moderate(s, event),
      })),
      {
        by: 'buyer',
        event: () => 'sell',
        async run(s) {
          const bought = await buyNow(t, cast.buyer, s.refnum);
          if (bought.orderId) s.orderId = bought.orderId;
          return bought.status;
        },
      },
      // The listing's side of its order's end: the seller cancels it, or lets its ship-by time pass.
      {
        by: 'system',
        event: () => 'orderCancelled',
        probe: false,
        run: (s) => statusOf(post(t, '/svc/orders/cancel', cast.seller.token, { orderId: s.orderId })),
      },
      {
        by: 'system',
        event: () => 'orderLapsed',
        probe: false,
        async run(s) {
          await dayByDay(t, people, async () => (await orderStateOf(t, s.orderId)) === 'cancelled');
          return 200;
        },
      },
      {
        by: 'timer',
        event: () => 'expire',
        probe: false,
        async run() {
          await advanceSignedIn(t, LISTING_LIFETIME_DAYS * 24 * 60 + 1, people);
          return 200;
        },
      },
    ],
  };
}
type ListingSubject = { refnum: string; ref: string; orderId?: string };

/** A rental of the landlord's (the process's seller), from its draft; a moderator's console events. */
export function rentalReplayer(t: TestApp, cast: Cast): Replayer<typeof rentalInvariants.process, RentalSubject> {
  const landlord = (url: string, s: RentalSubject, extra: object = {}) =>
    statusOf(rentalCall(t, 'POST', url, cast.seller.token, { refnum: s.refnum, ...extra }));
  return {
    invariants: rentalInvariants,
    facts: () => ({}),
    async begin() {
      const ref = await rentalDraftRef(t, cast.seller.token);
      const res = await createRental(t, cast.seller.token, rentalForm(ref, { draft: true }));
      return { subject: { refnum: json<{ data: { refnum: string } }>(res).data.refnum }, status: res.statusCode };
    },
    async state(s) {
      const [row] = await t.database.db
        .select({ state: rentals.state })
        .from(rentals)
        .where(eq(rentals.refnum, s.refnum));
      return row?.state;
    },
    calls: [
      {
        by: 'seller',
        event: () => 'publish',
        probe: false,
        async run(s) {
          const ref = await rentalDraftRef(t, cast.seller.token, s.refnum);
          return statusOf(createRental(t, cast.seller.token, rentalForm(ref, { refnum: s.refnum })));
        },
      },
      {
        by: 'seller',
        event: () => 'markRented',
        run: (s) => landlord('/rental/listings/available', s, { available: false }),
      },
      {
        by: 'seller',
        event: () => 'markAvailable',
        run: (s) => landlord('/rental/listings/available', s, { available: true }),
      },
      { by: 'seller', event: () => 'relist', run: (s) => landlord('/rental/listings/relist', s) },
      {
        by: 'seller',
        event: (state) => (state === 'paused' ? 'activate' : 'deactivate'),
        run: (s) => landlord('/rental/listings/toggle-active-status', s),
      },
      { by: 'seller', event: () => 'delete', run: (s) => landlord('/rental/listings/delete', s) },
      ...(['deactivate', 'activate', 'remove', 'restore'] as const).map((event) => ({
        by: 'admin' as const,
        event: () => event,
        run: (s: RentalSubject) =>
          statusOf(callAs(t, 'PUT', `/svc/admin/rentals/${s.refnum}`, cast.admin.token, { event })),
      })),
    ],
  };
}
type RentalSubject = { refnum: string };

/**
 * An organisation the admin registers in the console (in review), then verifies, rejects or sends
 * back to review with the console's buttons (the PUT naming its event); the seller, no admin, tries too.
 */
export function organisationReplayer(
  t: TestApp,
  cast: Cast,
): Replayer<typeof organisationInvariants.process, OrganisationSubject> {
  const take = (token: string, event: string) => async (s: OrganisationSubject) => {
    const [row] = await t.database.db.select().from(organizations).where(eq(organizations.refnum, s.refnum));
    const record = { name: row?.name, status: row?.status, isB2B: row?.isB2B, kind: row?.kind, event };
    return statusOf(callAs(t, 'PUT', `/svc/admin/organizations/${s.refnum}`, token, record));
  };
  const events = ['verify', 'reject', 'review'] as const;
  return {
    invariants: organisationInvariants,
    facts: () => ({}),
    async begin() {
      const name = `Replayed ${Math.random().toString(36).slice(2, 10)}`;
      const payload = { name, status: 'IN_REVIEW', isB2B: false, kind: 'company' };
      const res = await callAs(t, 'POST', '/svc/admin/organizations', cast.admin.token, payload);
      return { subject: { refnum: json<{ id: string }>(res).id }, status: res.statusCode };
    },
    async state(s) {
      const [row] = await t.database.db
        .select({ status: organizations.status })
        .from(organizations)
        .where(eq(organizations.refnum, s.refnum));
      return row?.status;
    },
    calls: [
      ...events.map((event) => ({ by: 'admin' as const, event: () => event, run: take(cast.admin.token, event) })),
      ...events.map((event) => ({ by: 'seller' as const, event: () => event, run: take(cast.seller.token, event) })),
    ],
  };
}
type OrganisationSubject = { refnum: string };

/** The buyer's offer on a fresh listing of the seller's: the seller answers it, the buyer withdraws it. */
export function offerReplayer(t: TestApp, cast: Cast): Replayer<typeof offerInvariants.process, OfferSubject> {
  const people = Object.values(cast);
  const status = async (answer: Promise<{ status: number }>) => (await answer).status;
  return {
    invariants: offerInvariants,
    // A buyer's offer; a seller's offer to likers is replayed by offer-to-likers.test.ts, with its own refusals.
    begins: ['make'],
    // The buyer made the offer: the seller received it.
    facts: (_, by) => ({ isReceiver: by === 'seller', isSender: by === 'buyer' }),
    async begin() {
      const listingRefnum = await listingTakingOffers(t, cast.seller.token, { listingPrice: 4000 });
      const made = await makeOffer(t, cast.buyer.token, listingRefnum, 3000);
      return { subject: { refnum: made.body.data?.offerRefnum ?? '' }, status: made.status };
    },
    async state(s) {
      const [row] = await t.database.db.select().from(offers).where(eq(offers.refnum, s.refnum));
      return row && currentOfferState(row.state, row.expiresAt, t.app.clock.now());
    },
    calls: [
      ...(['buyer', 'seller'] as const).flatMap((by) => {
        const token = () => (by === 'buyer' ? cast.buyer.token : cast.seller.token);
        return [
          { by, event: () => 'accept' as const, run: (s: OfferSubject) => status(acceptOffer(t, token(), s.refnum)) },
          {
            by,
            // Its sender's decline withdraws it.
            event: () => (by === 'buyer' ? ('withdraw' as const) : ('decline' as const)),
            run: (s: OfferSubject) => status(declineOffer(t, token(), s.refnum)),
          },
          {
            by,
            event: () => 'counter' as const,
            run: (s: OfferSubject) => status(counterOffer(t, token(), s.refnum, 3500)),
          },
        ];
      }),
      {
        by: 'timer',
        event: () => 'expire',
        probe: false,
        async run() {
          await advanceSignedIn(t, OFFER_EXPIRY_HOURS * 60 + 1, people);
          return 200;
        },
      },
      {
        by: 'timer',
        event: () => 'lapse',
        probe: false,
        async run() {
          await advanceSignedIn(t, OFFER_PAYMENT_HOURS * 60 + 1, people);
          return 200;
        },
      },
    ],
  };
}
type OfferSubject = { refnum: string };

/** A shipped Buy Now order: the seller ships or cancels it, the carrier and the timers on the clock, the console refunds. */
export function orderReplayer(t: TestApp, cast: Cast): Replayer<typeof orderInvariants.process, OrderSubject> {
  const people = Object.values(cast);
  const until = (s: OrderSubject, state: string) => async () => {
    await dayByDay(t, people, async () => (await orderStateOf(t, s.orderId)) === state);
    return 200;
  };
  const orderCall = (url: string, token: string, s: OrderSubject) =>
    statusOf(post(t, url, token, { orderId: s.orderId }));
  return {
    invariants: orderInvariants,
    facts: () => ({ pickup: false }),
    async begin() {
      const listingRefnum = await publishedListing(t, cast.seller.token);
      const bought = await buyNow(t, cast.buyer, listingRefnum);
      return { subject: { orderId: bought.orderId ?? '' }, status: bought.status };
    },
    state: (s) => orderStateOf(t, s.orderId),
    calls: [
      {
        by: 'seller',
        event: () => 'ship',
        async run(s) {
          try {
            await labelBought(t, cast.seller, s.orderId);
            return 200;
          } catch (error) {
            return Number(/label answered (\d+)/.exec(String(error))?.[1] ?? 500);
          }
        },
      },
      { by: 'seller', event: () => 'cancel', run: (s) => orderCall('/svc/orders/cancel', cast.seller.token, s) },
      {
        by: 'buyer',
        event: () => 'confirmDelivery',
        run: (s) => orderCall('/svc/orders/confirm-delivery', cast.buyer.token, s),
      },
      {
        by: 'buyer',
        event: () => 'openReturn',
        run: async (s) => (await openReturn(t, cast.buyer.token, { orderId: s.orderId, ...RETURN_BODY })).status,
      },
      // The console's refund: a cancel before shipping, the sale undone after it.
      {
        by: 'admin',
        event: (state) => (state === 'paid' || state === 'awaiting_pickup' ? 'cancel' : 'markReturned'),
        run: (s) =>
          statusOf(
            callAs(t, 'PUT', `/svc/admin/orders/${s.orderId}`, cast.admin.token, { refundReason: 'Replayed refund' }),
          ),
      },
      { by: 'system', event: () => 'arrive', probe: false, run: (s) => until(s, 'arrived')() },
      { by: 'timer', event: () => 'autoCancel', probe: false, run: (s) => until(s, 'cancelled')() },
      { by: 'timer', event: () => 'autoConfirm', probe: false, run: (s) => until(s, 'delivered')() },
    ],
  };
}
type OrderSubject = { orderId: string };
