import type { AdminReturnRecord, LoginData, ReturnDetail } from '@yardly/shared/contract';
import { commissionCents, orderMessages, returnMessages } from '@yardly/shared/rules';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, ledgerEntries, ledgerTransactions, orders, returns } from '../src/db/schema/index';
import { LEDGER, sellerAccount } from '../src/modules/ledger/accounts';
import { checkLedger, ledgerIsSound } from '../src/modules/ledger/check';
import { sellerBalance } from '../src/modules/ledger/ledger';
import { returnDelivered } from '../src/modules/returns/refund';
import { boughtNow, call, orderDetail, testProviderRefunds } from './checkout-helpers';
import { runDueJobs, startTestApp, type TestApp } from './harness';
import { freshEmail, signedUp, userIdOf } from './identity-helpers';
import { noticeTextsOf } from './notification-helpers';
import {
  advanceSignedIn,
  answerReturn,
  arrived,
  deliveredBack,
  deliveredSale,
  openedReturn,
  openReturn,
  RETURN_BODY,
  returnDetail,
} from './return-helpers';
import { orderCast } from './role-helpers';
import { auth, image, multipart, publishedListing } from './selling-helpers';

let t: TestApp;
let cast: Awaited<ReturnType<typeof orderCast>>;
let seller: LoginData;
let buyer: LoginData;
let other: LoginData;
let admin: LoginData;
let limited: LoginData;

beforeAll(async () => {
  t = await startTestApp();
  cast = await orderCast(t);
  ({ seller, buyer, other, admin, limited } = cast);
});
afterAll(() => t?.close());

const everyone = () => Object.values(cast);

async function soundLedger() {
  expect(ledgerIsSound(await checkLedger(t.database.db))).toBe(true);
}

function decide(returnId: string, person: LoginData, body: object) {
  return t.app.inject({
    method: 'PUT',
    url: `/svc/admin/returns/${returnId}`,
    headers: auth(person.token),
    payload: body,
  });
}

const refusal = (answer: { status: number; body: { error?: string; msg?: string } }) => [
  answer.status,
  answer.body.error,
  answer.body.msg,
];

describe('opening a return (POST /svc/returns)', () => {
  it('the buyer opens one on a delivered order: the order is returning, the seller has 3 business days and is told', async () => {
    const sale = await deliveredSale(t, cast);
    expect((await orderDetail(t, buyer.token, sale.orderId)).body.data.actions).toEqual([
      'confirmDelivery',
      'openReturn',
    ]);
    const opened = await openReturn(t, buyer.token, { orderId: sale.orderId, ...RETURN_BODY });
    expect(opened.status).toBe(200);
    const { returnId } = opened.body.data;
    expect(returnId).toMatch(/^N[0-9A-Z]{11}$/);
    const order = (await orderDetail(t, buyer.token, sale.orderId)).body.data;
    expect([order.status, order.statusLabel, order.actions]).toEqual(['returning', 'Return requested', []]);
    const seen = (await returnDetail(t, seller.token, returnId)).body.data;
    expect(seen).toMatchObject({
      returnId,
      orderId: sale.orderId,
      listingRefnum: sale.listingRefnum,
      role: 'seller',
      status: 'requested',
      statusLabel: 'Return requested',
      reason: 'damaged',
      reasonLabel: 'Damaged',
      text: RETURN_BODY.text,
      photos: [],
      label: null,
      refund: null,
      actions: ['accept', 'dispute'],
    });
    expect(new Date(seen.replyBy).getTime()).toBeGreaterThan(t.app.clock.now().getTime() + 2 * 86_400_000);
    expect((await returnDetail(t, buyer.token, returnId)).body.data).toMatchObject({ role: 'buyer', actions: [] });
    expect((await returnDetail(t, admin.token, returnId)).body.data.role).toBe('admin');
    expect(await noticeTextsOf(t, seller)).toContain(
      `The buyer of order ${sale.orderId} asked to return it: accept or dispute within 3 business days.`,
    );
    const byListing = await call<ReturnDetail>(
      t,
      'GET',
      `/svc/returns?listingRefnum=${sale.listingRefnum}`,
      buyer.token,
    );
    expect(byListing.body.data.returnId).toBe(returnId);
    // Both dashboards list it under RETURNED.
    for (const [person, side] of [
      [buyer, 'buying'],
      [seller, 'selling'],
    ] as const) {
      const listed = await call<{ orders: { content: { orderId: string }[] } }>(
        t,
        'GET',
        `/svc/orders?side=${side}&filter=RETURNED`,
        person.token,
      );
      expect(listed.body.data.orders.content.map((o) => o.orderId)).toContain(sale.orderId);
    }
  });

  it('refuses the seller and a stranger (403), no such order (404), nobody signed in (401)', async () => {
    const sale = await deliveredSale(t, cast);
    const body = { orderId: sale.orderId, ...RETURN_BODY };
    expect(refusal(await openReturn(t, seller.token, body))).toEqual([
      403,
      'not_your_turn',
      returnMessages.onlyBuyerOpens,
    ]);
    expect(refusal(await openReturn(t, other.token, body))).toEqual([403, 'not_your_order', orderMessages.notYours]);
    expect(refusal(await openReturn(t, admin.token, body))).toEqual([
      403,
      'not_your_turn',
      returnMessages.onlyBuyerOpens,
    ]);
    expect((await openReturn(t, buyer.token, { ...body, orderId: 'R00000000000' })).status).toBe(404);
    expect((await openReturn(t, undefined, body)).status).toBe(401);
    expect((await orderDetail(t, buyer.token, sale.orderId)).body.data.status).toBe('arrived');
  });

  it('checks the reason and the text with the form’s messages (400)', async () => {
    const sale = await deliveredSale(t, cast);
    const noReason = await openReturn(t, buyer.token, { orderId: sale.orderId, text: 'Broken' });
    expect(noReason.status).toBe(400);
    expect(JSON.stringify(noReason.body)).toContain(returnMessages.reasonRequired);
    const wrongReason = await openReturn(t, buyer.token, { orderId: sale.orderId, reason: 'changed_mind', text: 'x' });
    expect(wrongReason.status).toBe(400);
    const blank = await openReturn(t, buyer.token, { orderId: sale.orderId, reason: 'other', text: '   ' });
    expect([blank.status, JSON.stringify(blank.body).includes(returnMessages.textRequired)]).toEqual([400, true]);
    const long = await openReturn(t, buyer.token, { orderId: sale.orderId, reason: 'other', text: 'x'.repeat(1001) });
    expect([long.status, JSON.stringify(long.body).includes(returnMessages.textTooLong)]).toEqual([400, true]);
    expect(
      (await openReturn(t, buyer.token, { orderId: sale.orderId, reason: 'other', text: 'x'.repeat(1000) })).status,
    ).toBe(200);
  });

  it('once per order: a second return is 409, and two at once make one', async () => {
    const sale = await deliveredSale(t, cast);
    const body = { orderId: sale.orderId, ...RETURN_BODY };
    const both = await Promise.all([openReturn(t, buyer.token, body), openReturn(t, buyer.token, body)]);
    expect(both.map((a) => a.status).sort()).toEqual([200, 409]);
    const again = await openReturn(t, buyer.token, body);
    expect(refusal(again)).toEqual([409, 'return_already_opened', returnMessages.alreadyOpened]);
  });

  it('only in the receipt window: not before the carrier delivered it, not 3 business days after (409)', async () => {
    const placed = await boughtNow(t, buyer.token, await publishedListing(t, seller.token));
    const early = await openReturn(t, buyer.token, { orderId: placed.orderId, ...RETURN_BODY });
    expect(refusal(early)).toEqual([409, 'not_arrived', returnMessages.notArrived]);
    await arrived(t, cast, placed.orderId);
    // Three business days is at least three days, at most a week with a weekend and a holiday.
    await advanceSignedIn(t, 7 * 24 * 60, everyone());
    const late = await openReturn(t, buyer.token, { orderId: placed.orderId, ...RETURN_BODY });
    expect(refusal(late)).toEqual([409, 'window_closed', returnMessages.windowClosed]);
    const confirmed = await deliveredSale(t, cast);
    await call(t, 'POST', '/svc/orders/confirm-delivery', buyer.token, { orderId: confirmed.orderId });
    const afterConfirm = await openReturn(t, buyer.token, { orderId: confirmed.orderId, ...RETURN_BODY });
    expect(refusal(afterConfirm)).toEqual([409, 'window_closed', returnMessages.windowClosed]);
  });
});

describe('a return’s photos (POST /svc/returns/{returnId}/photos)', () => {
  const upload = async (returnId: string, person: LoginData) => {
    const form = await multipart(await image(640, 480));
    return t.app.inject({
      method: 'POST',
      url: `/svc/returns/${returnId}/photos`,
      headers: { ...auth(person.token), ...form.headers },
      payload: form.payload,
    });
  };

  it('the buyer adds up to 4, re-encoded; a fifth is refused, as is the seller and a stranger', async () => {
    const { returnId } = await openedReturn(t, cast);
    for (let n = 1; n <= 4; n++) expect((await upload(returnId, buyer)).statusCode).toBe(200);
    const fifth = await upload(returnId, buyer);
    expect([fifth.statusCode, JSON.parse(fifth.body).msg]).toEqual([400, returnMessages.tooManyPhotos]);
    expect((await upload(returnId, seller)).statusCode).toBe(403);
    expect((await upload(returnId, other)).statusCode).toBe(403);
    const photos = (await returnDetail(t, seller.token, returnId)).body.data.photos;
    expect(photos.map((p) => p.picno)).toEqual([1, 2, 3, 4]);
    const served = await t.app.inject({ method: 'GET', url: photos[0]?.url ?? '' });
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/jpeg']);
  });

  it('takes no photo once the seller answered (409)', async () => {
    const { returnId } = await openedReturn(t, cast);
    await answerReturn(t, seller.token, returnId, 'dispute');
    const late = await upload(returnId, buyer);
    expect([late.statusCode, JSON.parse(late.body).msg]).toEqual([409, returnMessages.photosClosed]);
  });
});

describe('seeing a return (GET /svc/returns/{returnId})', () => {
  it('is for its buyer, its seller and ROLE_ADMIN only', async () => {
    const { returnId } = await openedReturn(t, cast);
    expect(refusal(await returnDetail(t, other.token, returnId))).toEqual([
      403,
      'not_your_return',
      returnMessages.notYours,
    ]);
    expect((await returnDetail(t, limited.token, returnId)).status).toBe(403);
    expect((await returnDetail(t, undefined, returnId)).status).toBe(401);
    expect(refusal(await returnDetail(t, buyer.token, 'N00000000000'))).toEqual([
      404,
      'return_not_found',
      returnMessages.notFound,
    ]);
    expect((await call(t, 'GET', '/svc/returns?listingRefnum=L00000000000', buyer.token)).status).toBe(404);
  });
});

describe('the seller answers (POST /svc/returns/{returnId}/accept and /dispute)', () => {
  it('accepting buys the prepaid return label; the buyer sees it and is told; a second answer is 409', async () => {
    const { returnId, orderId } = await openedReturn(t, cast);
    const accepted = await answerReturn(t, seller.token, returnId, 'accept');
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toMatchObject({
      status: 'accepted',
      statusLabel: 'Accepted, on its way back',
      actions: [],
    });
    const seen = (await returnDetail(t, buyer.token, returnId)).body.data;
    expect(seen.label?.trackingNumber).toMatch(/\S+/);
    expect(seen.label?.labelUrl).toMatch(/\S+/);
    // The buyer's link opens in a new tab (signed, no token); the seller's is not signed for them.
    const newTab = await t.app.inject({ method: 'GET', url: seen.label?.labelUrl ?? '' });
    expect([newTab.statusCode, newTab.headers['content-type']]).toEqual([200, 'application/pdf']);
    expect(accepted.body.data.label?.labelUrl).not.toContain('sig=');
    const sellers = (await returnDetail(t, seller.token, returnId)).body.data.label?.labelUrl ?? '';
    expect((await t.app.inject({ method: 'GET', url: sellers })).statusCode).toBe(401);
    expect(seen.history.map((h) => h.event)).toEqual(['open', 'accept']);
    expect(await noticeTextsOf(t, buyer)).toContain(`${returnMessages.accepted} (order ${orderId}).`);
    const twice = await answerReturn(t, seller.token, returnId, 'accept');
    expect(refusal(twice)).toEqual([
      409,
      'already_accepted',
      'This return is accepted, on its way back: Accept return is not possible now',
    ]);
    expect(refusal(await answerReturn(t, seller.token, returnId, 'dispute'))[0]).toBe(409);
  });

  it('refuses the buyer, a stranger and an admin (403), nobody signed in (401), no such return (404)', async () => {
    const { returnId } = await openedReturn(t, cast);
    for (const person of [buyer, admin]) {
      expect(refusal(await answerReturn(t, person.token, returnId, 'accept'))).toEqual([
        403,
        'not_your_turn',
        returnMessages.onlySellerAnswers,
      ]);
    }
    expect(refusal(await answerReturn(t, other.token, returnId, 'dispute'))[0]).toBe(403);
    expect((await answerReturn(t, undefined, returnId, 'accept')).status).toBe(401);
    expect((await answerReturn(t, seller.token, 'N00000000000', 'accept')).status).toBe(404);
    expect((await returnDetail(t, seller.token, returnId)).body.data.status).toBe('requested');
  });

  it('accept and dispute pressed at once: one wins, the other is 409', async () => {
    const { returnId } = await openedReturn(t, cast);
    const answers = await Promise.all([
      answerReturn(t, seller.token, returnId, 'accept'),
      answerReturn(t, seller.token, returnId, 'dispute'),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.status === 200)?.body.data.status;
    const detail = (await returnDetail(t, seller.token, returnId)).body.data;
    expect(detail.status).toBe(winner);
    expect(detail.history).toHaveLength(2);
  });

  it('a return left unanswered for 3 business days is accepted by Yardly, with its label', async () => {
    const { returnId, orderId } = await openedReturn(t, cast);
    const replyBy = new Date((await returnDetail(t, buyer.token, returnId)).body.data.replyBy);
    const minutes = Math.ceil((replyBy.getTime() - t.app.clock.now().getTime()) / 60_000);
    await advanceSignedIn(t, minutes - 5, everyone());
    expect((await returnDetail(t, buyer.token, returnId)).body.data.status).toBe('requested');
    await advanceSignedIn(t, 6, everyone());
    const detail = (await returnDetail(t, buyer.token, returnId)).body.data;
    expect([detail.status, detail.history.at(-1)?.event, detail.label !== null]).toEqual([
      'accepted',
      'autoAccept',
      true,
    ]);
    expect(await noticeTextsOf(t, seller)).toContain(
      `The return of order ${orderId} was accepted by Yardly: you did not answer within 3 business days.`,
    );
  });
});

describe('the console’s Returns queue (/svc/admin/returns)', () => {
  it('a disputed return waits there; a limited admin and the parties cannot decide it', async () => {
    const { returnId, orderId } = await openedReturn(t, cast);
    await answerReturn(t, seller.token, returnId, 'dispute');
    expect(await noticeTextsOf(t, buyer)).toContain(`${returnMessages.disputed} (order ${orderId}).`);
    const queue = await t.app.inject({
      method: 'GET',
      url: `/svc/admin/returns?filter=${encodeURIComponent(JSON.stringify({ status: 'disputed' }))}&range=[0,99]`,
      headers: auth(admin.token),
    });
    expect(queue.statusCode).toBe(200);
    const listed = JSON.parse(queue.body) as AdminReturnRecord[];
    // The record carries what the return table allows an admin now: both decisions (and the order's refund).
    expect(listed.find((r) => r.id === returnId)).toMatchObject({
      status: 'disputed',
      actions: ['approve', 'refuse', 'closeByRefund'],
    });
    for (const person of [limited, seller, buyer]) {
      expect((await decide(returnId, person, { decision: 'buyer', decisionNote: 'x' })).statusCode).toBe(403);
      expect(
        (await t.app.inject({ method: 'GET', url: '/svc/admin/returns', headers: auth(person.token) })).statusCode,
      ).toBe(403);
    }
    const noNote = await decide(returnId, admin, { decision: 'buyer', decisionNote: ' ' });
    expect([noNote.statusCode, noNote.body.includes(returnMessages.noteRequired)]).toEqual([400, true]);
    const noDecision = await decide(returnId, admin, { decisionNote: 'Photos show damage' });
    expect([noDecision.statusCode, noDecision.body.includes(returnMessages.decisionRequired)]).toEqual([400, true]);
  });

  it('deciding for the seller refuses the return: the sale stands, the seller’s share is available, audit-logged', async () => {
    const sellerId = await userIdOf(t, seller);
    const { returnId, orderId } = await openedReturn(t, cast, 4000);
    await answerReturn(t, seller.token, returnId, 'dispute');
    const before = await sellerBalance(t.database.db, sellerId);
    const decided = await decide(returnId, admin, { decision: 'seller', decisionNote: 'As described in the listing' });
    expect(decided.statusCode).toBe(200);
    expect(JSON.parse(decided.body)).toMatchObject({
      status: 'refused',
      orderStatus: 'delivered',
      decidedBy: admin.email,
      decisionNote: 'As described in the listing',
      actions: [],
    });
    const share = 4000 - commissionCents(4000);
    const after = await sellerBalance(t.database.db, sellerId);
    expect([after.pending - before.pending, after.available - before.available]).toEqual([-share, share]);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'returns'), eq(auditLog.recordId, returnId)));
    expect(audit).toMatchObject({
      action: 'update',
      before: { status: 'disputed', decisionNote: null },
      after: { status: 'refused', decisionNote: 'As described in the listing' },
    });
    expect(await noticeTextsOf(t, buyer)).toContain(`${returnMessages.refused} (order ${orderId}).`);
    const again = await decide(returnId, admin, { decision: 'buyer', decisionNote: 'Changed my mind' });
    expect([again.statusCode, JSON.parse(again.body).error]).toEqual([409, 'already_refused']);
    await soundLedger();
  });

  it('deciding for the buyer accepts the return and buys its label; two admins at once: one decides', async () => {
    const { returnId } = await openedReturn(t, cast);
    await answerReturn(t, seller.token, returnId, 'dispute');
    const answers = await Promise.all([
      decide(returnId, admin, { decision: 'buyer', decisionNote: 'Photos show the damage' }),
      decide(returnId, admin, { decision: 'seller', decisionNote: 'No' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const winner = JSON.parse(answers.find((a) => a.statusCode === 200)?.body ?? '{}') as AdminReturnRecord;
    if (winner.status === 'accepted') {
      expect(winner.trackingNumber).toMatch(/\S+/);
      expect(winner.orderStatus).toBe('returning');
    } else {
      expect(winner.orderStatus).toBe('delivered');
    }
  });
});

describe('the console’s return label link (issue 33)', () => {
  it('is signed for the label’s owner, so it opens in a new tab without a token; tampered, it is refused', async () => {
    const { returnId } = await openedReturn(t, cast);
    await answerReturn(t, seller.token, returnId, 'accept');
    const shown = await t.app.inject({
      method: 'GET',
      url: `/svc/admin/returns/${returnId}`,
      headers: auth(admin.token),
    });
    expect(shown.statusCode).toBe(200);
    const record = JSON.parse(shown.body) as AdminReturnRecord;
    expect(record.labelUrl).toMatch(
      new RegExp(`^/svc/shipping/labels/${record.trackingNumber}\\.pdf\\?exp=\\d+&sig=[\\w-]+$`),
    );
    // A new tab: no bearer token, the signature stands in for it.
    const pdf = await t.app.inject({ method: 'GET', url: record.labelUrl ?? '' });
    expect([pdf.statusCode, pdf.headers['content-type']]).toEqual([200, 'application/pdf']);
    // A later expiry than signed: refused.
    const later = (record.labelUrl ?? '').replace(/exp=(\d+)/, (_, exp) => `exp=${Number(exp) + 60}`);
    const tampered = await t.app.inject({ method: 'GET', url: later });
    expect(tampered.statusCode).toBe(403);
  });
});

/** The ledger entries of the order's movements of one kind, by account. */
async function entriesOf(orderId: number, kind: string): Promise<Record<string, number>> {
  const rows = await t.database.db
    .select({ account: ledgerEntries.account, amount: ledgerEntries.amountCents })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(and(eq(ledgerTransactions.orderId, orderId), eq(ledgerTransactions.kind, kind)));
  return Object.fromEntries(rows.map((r) => [r.account, Number(r.amount)]));
}

describe('delivered back: the item price is refunded', () => {
  it('the carrier brings it back: the item price only is refunded, the seller’s share and the commission reversed, shipping stays spent', async () => {
    const { returnId, orderId } = await openedReturn(t, cast, 3000);
    const accepted = await answerReturn(t, seller.token, returnId, 'accept');
    expect(accepted.body.data.tracking).toMatchObject({ trackingNumber: accepted.body.data.label?.trackingNumber });
    const pdf = await t.app.inject({
      method: 'GET',
      url: accepted.body.data.label?.labelUrl ?? '',
      headers: auth(buyer.token),
    });
    expect([pdf.statusCode, pdf.headers['content-type']]).toEqual([200, 'application/pdf']);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.refnum, orderId));
    if (!order) throw new Error('no order');
    expect(order.shippingCents).toBeGreaterThan(0);

    await deliveredBack(t, cast, returnId);
    const detail = (await returnDetail(t, buyer.token, returnId)).body.data;
    expect([detail.status, detail.statusLabel, detail.refund, detail.orderStatus]).toEqual([
      'refunded',
      'Returned and refunded',
      3000,
      'returned',
    ]);
    expect(detail.tracking?.status).toBe('delivered');
    const commission = commissionCents(3000);
    expect(await entriesOf(order.id, 'refund')).toEqual({
      [sellerAccount(order.sellerId, 'pending')]: -(3000 - commission),
      [LEDGER.revenue]: -commission,
      // Owed to the card until the provider made it (issue 34, ADR 0066).
      [LEDGER.refundsOwed]: 3000,
    });
    await soundLedger();

    await runDueJobs(t);
    const refunds = await testProviderRefunds(t, order.paymentIntentId);
    expect(refunds.map((r) => r.amountCents)).toEqual([3000]);
    expect(await entriesOf(order.id, 'card_refund')).toEqual({ [LEDGER.refundsOwed]: -3000, [LEDGER.refunds]: 3000 });

    expect(await noticeTextsOf(t, buyer)).toContain(`${returnMessages.refunded} (order ${orderId}).`);
    expect(returnMessages.refunded).toContain('refunded in 5-10 days (shipping fees are not refunded)');
    expect(await noticeTextsOf(t, seller)).toContain(
      `The returned item of order ${orderId} was delivered back to you: the buyer is refunded the item price.`,
    );
    for (const [person, side] of [
      [buyer, 'buying'],
      [seller, 'selling'],
    ] as const) {
      const listed = await call<{ orders: { content: { orderId: string; status: string }[] } }>(
        t,
        'GET',
        `/svc/orders?side=${side}&filter=RETURNED`,
        person.token,
      );
      expect(listed.body.data.orders.content.find((o) => o.orderId === orderId)?.status).toBe('returned');
    }

    // The hook run again for the same parcel (a replayed carrier event): nothing more happens.
    const [row] = await t.database.db.select().from(returns).where(eq(returns.refnum, returnId));
    const deps = {
      jobs: t.app.jobs,
      orderRunner: t.app.processes.order,
      returnRunner: t.app.processes.return,
    };
    const again = await t.database.db.transaction((tx) =>
      returnDelivered(tx, deps, row?.shipmentId ?? 0, t.app.clock.now()),
    );
    expect(again).toBe(false);
    await runDueJobs(t);
    expect(await testProviderRefunds(t, order.paymentIntentId)).toHaveLength(1);
    expect(Object.keys(await entriesOf(order.id, 'refund'))).toHaveLength(3);
    await soundLedger();
  });
});

describe('delivered back under free shipping (the money history, seed 35)', () => {
  it('takes back only what the seller still holds of their share (the label was paid from it): the platform bears the label', async () => {
    const sellerAlone = await signedUp(t, freshEmail('free-shipping-seller'));
    const people = { ...cast, seller: sellerAlone };
    const listing = await publishedListing(t, sellerAlone.token, { listingPrice: 2000, offerFreeDelivery: true });
    const { orderId } = await boughtNow(t, buyer.token, listing);
    await arrived(t, people, orderId);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.refnum, orderId));
    if (!order) throw new Error('no order');
    expect(order.shippingCents).toBe(0);
    const pending = sellerAccount(order.sellerId, 'pending');
    const label = (await entriesOf(order.id, 'label'))[pending] ?? 0;
    expect(label).toBeLessThan(0);
    const opened = await openReturn(t, buyer.token, { orderId, ...RETURN_BODY });
    expect(opened.status).toBe(200);
    expect((await answerReturn(t, sellerAlone.token, opened.body.data.returnId, 'accept')).status).toBe(200);
    await deliveredBack(t, people, opened.body.data.returnId);

    const commission = commissionCents(2000);
    expect(await entriesOf(order.id, 'refund')).toEqual({
      [pending]: -(2000 - commission + label),
      [LEDGER.revenue]: -(commission - label),
      [LEDGER.refundsOwed]: 2000,
    });
    expect((await sellerBalance(t.database.db, order.sellerId)).pending).toBe(0);
    await soundLedger();
  });
});
