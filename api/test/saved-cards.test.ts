import type { LoginData } from '@yardly/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savedCards } from '../src/db/schema/index';
import { providerCard, savedCardOf } from './card-helpers';
import { json, startTestApp, type TestApp } from './harness';
import { signedUpPeople } from './role-helpers';
import { auth } from './selling-helpers';

let t: TestApp;
let ann: LoginData;
let bo: LoginData;

beforeAll(async () => {
  t = await startTestApp();
  ({ ann, bo } = await signedUpPeople(t, 'ann', 'bo'));
});
afterAll(() => t?.close());

const list = (who: LoginData) => t.app.inject({ method: 'GET', url: '/svc/payment/cards', headers: auth(who.token) });
const remove = (who: LoginData | null, id: string) =>
  t.app.inject({ method: 'DELETE', url: `/svc/payment/cards/${id}`, headers: who ? auth(who.token) : {} });
const cardsOf = async (who: LoginData) => json<{ data: Record<string, unknown>[] }>(await list(who)).data;

describe('saved payment cards', () => {
  it('lists only what the provider handed back: brand, last 4 and expiry (MM/YY), newest first', async () => {
    const first = await savedCardOf(
      t,
      ann.userRefnum,
      providerCard({ brand: 'visa', last4: '4242', expMonth: 3, expYear: 2031 }),
    );
    await t.app.inject({ method: 'POST', url: '/svc/dev/clock', payload: { advanceMinutes: 1 } });
    const second = await savedCardOf(
      t,
      ann.userRefnum,
      providerCard({ brand: 'mastercard', last4: '4444', expMonth: 11, expYear: 2033 }),
    );
    const res = await list(ann);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({
      code: 200,
      data: [
        {
          id: second.id,
          brand: 'mastercard',
          last4: '4444',
          expMonth: 11,
          expYear: 2033,
          exp: '11/33',
          expired: false,
        },
        { id: first.id, brand: 'visa', last4: '4242', expMonth: 3, expYear: 2031, exp: '03/31', expired: false },
      ],
    });
    // Nobody else sees them.
    expect(await cardsOf(bo)).toEqual([]);
  });

  it('keeps one card however often the same token is saved, with its latest expiry', async () => {
    const card = providerCard({ last4: '1881', expMonth: 1, expYear: 2030 });
    const saved = await savedCardOf(t, bo.userRefnum, card);
    const again = await savedCardOf(t, bo.userRefnum, { ...card, expMonth: 2, expYear: 2032 });
    expect(again.id).toBe(saved.id);
    expect(await cardsOf(bo)).toEqual([expect.objectContaining({ id: saved.id, exp: '02/32' })]);
    // The same token is another person's own card, not a duplicate.
    const annsCopy = await savedCardOf(t, ann.userRefnum, card);
    expect(annsCopy.id).not.toBe(saved.id);
  });

  it('never stores a card number: only the token and the printable parts', async () => {
    const rows = await t.database.db.select().from(savedCards);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(Object.keys(row).sort()).toEqual(
        ['brand', 'createdAt', 'expMonth', 'expYear', 'id', 'last4', 'provider', 'refnum', 'token', 'userId'].sort(),
      );
      expect(row.last4).toMatch(/^\d{4}$/);
    }
  });

  it('shows an expired card as expired', async () => {
    const old = await savedCardOf(t, bo.userRefnum, providerCard({ expMonth: 1, expYear: 2020 }));
    expect((await cardsOf(bo)).find((c) => c.id === old.id)).toMatchObject({ exp: '01/20', expired: true });
  });

  it('shows only the cards of the provider the app pays through (a test token cannot pay at Stripe)', async () => {
    const atStripe = await savedCardOf(t, bo.userRefnum, providerCard(), 'stripe');
    expect((await cardsOf(bo)).map((c) => c.id)).not.toContain(atStripe.id);
  });

  it("deletes one's own card, and answers 404 for someone else's, leaving it", async () => {
    const annsCard = await savedCardOf(t, ann.userRefnum);
    const byBo = await remove(bo, annsCard.id);
    expect(byBo.statusCode).toBe(404);
    expect(json(byBo)).toEqual({ code: 404, msg: 'This card was not found in your account', error: 'card_not_found' });
    expect((await cardsOf(ann)).map((c) => c.id)).toContain(annsCard.id);

    const byAnn = await remove(ann, annsCard.id);
    expect(byAnn.statusCode).toBe(200);
    expect(json(byAnn)).toEqual({ code: 200, data: { id: annsCard.id, deleted: true } });
    expect((await cardsOf(ann)).map((c) => c.id)).not.toContain(annsCard.id);
    expect((await remove(ann, annsCard.id)).statusCode).toBe(404);
  });

  it('refuses the anonymous with 401 and a malformed id with 400', async () => {
    const card = await savedCardOf(t, ann.userRefnum);
    expect((await remove(null, card.id)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/svc/payment/cards' })).statusCode).toBe(401);
    const bad = await remove(ann, 'not-a-card');
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toMatchObject({ code: 400, errors: [{ field: 'cardId' }] });
    expect((await cardsOf(ann)).map((c) => c.id)).toContain(card.id);
  });
});
