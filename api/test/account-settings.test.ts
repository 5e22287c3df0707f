import type { LoginData } from '@yardly/shared/contract';
import {
  addressMessages,
  bankAccountMessages,
  communicationMessages,
  maskEmail,
  nameMessages,
  phoneMessages,
} from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communicationPreferences, payoutAccounts, users } from '../src/db/schema/index';
import type { Mailer } from '../src/modules/mail/mailer';
import { optionalMailer } from '../src/modules/mail/optional-mail';
import { preferenceStore } from '../src/modules/mail/preferences';
import { mailBodySealer } from '../src/modules/mail/sealed-body';
import { createMailTransport } from '../src/modules/mail/transport';
import { get } from './account-helpers';
import { json, startTestApp, type TestApp } from './harness';
import { outbox, post, signedUp } from './identity-helpers';
import { startSmtp } from './smtp-server';

let t: TestApp;
let ann: LoginData;
let bob: LoginData;

beforeAll(async () => {
  t = await startTestApp();
  ann = await signedUp(t);
  bob = await signedUp(t);
});
afterAll(() => t.close());

type Address = { id: string; primary: boolean; line1: string; phoneNo: string; state: string };
const home = {
  firstName: 'Ann',
  lastName: 'Lee',
  line1: '1 Main St',
  line2: 'Apt 2',
  city: 'New York',
  state: 'ny',
  zip: '10001',
  phoneNo: '5551234567',
  primary: false,
};

async function addresses(token: string): Promise<Address[]> {
  const res = await get(t, '/svc/account/fetchAddresses', token);
  expect(res.statusCode).toBe(200);
  return json<{ data: Address[] }>(res).data;
}

describe('addresses', () => {
  it('makes the first address primary, keeps exactly one primary, edits and deletes', async () => {
    const first = await post(t, '/svc/account/saveAddress', home, ann.token);
    expect(first.statusCode, first.body).toBe(200);
    const a = json<{ data: Address }>(first).data;
    expect(a).toMatchObject({ primary: true, state: 'NY', phoneNo: '5551234567', userId: ann.userRefnum });

    const b = json<{ data: Address }>(
      await post(t, '/svc/account/saveAddress', { ...home, line1: '2 Side St', primary: true }, ann.token),
    ).data;
    let list = await addresses(ann.token);
    expect(list.map((x) => [x.line1, x.primary])).toEqual([
      ['2 Side St', true],
      ['1 Main St', false],
    ]);

    // Unticking primary on the primary address keeps it primary: there is always one.
    const edited = await post(
      t,
      '/svc/account/saveAddress',
      { ...home, id: b.id, line1: '3 Side St', primary: false },
      ann.token,
    );
    expect(json<{ data: Address }>(edited).data).toMatchObject({ id: b.id, line1: '3 Side St', primary: true });

    const del = await post(t, `/svc/account/deleteAddress?addressId=${b.id}`, undefined, ann.token);
    expect(del.statusCode).toBe(200);
    list = await addresses(ann.token);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: a.id, primary: true });
  });

  it("refuses another person's address id and changes nothing", async () => {
    const [mine] = await addresses(ann.token);
    if (!mine) throw new Error('no address');
    const edit = await post(t, '/svc/account/saveAddress', { ...home, id: mine.id, line1: 'Stolen' }, bob.token);
    expect(edit.statusCode).toBe(404);
    expect(json(edit).msg).toBe('This address was not found in your account');
    const del = await post(t, `/svc/account/deleteAddress?addressId=${mine.id}`, undefined, bob.token);
    expect(del.statusCode).toBe(404);
    expect(await addresses(ann.token)).toEqual([mine]);
    expect(await addresses(bob.token)).toEqual([]);
  });

  it('needs a log-in', async () => {
    expect((await get(t, '/svc/account/fetchAddresses')).statusCode).toBe(401);
    expect((await post(t, '/svc/account/saveAddress', home)).statusCode).toBe(401);
  });

  it.each([
    [{ firstName: '' }, 'firstName', nameMessages.firstRequired],
    [{ firstName: 'Ann1' }, 'firstName', nameMessages.firstRequired],
    [{ firstName: 'A'.repeat(21) }, 'firstName', nameMessages.firstTooLong],
    [{ firstName: 'lee' }, 'firstName', nameMessages.sameAsLast],
    [{ lastName: '' }, 'lastName', nameMessages.lastRequired],
    [{ lastName: 'L'.repeat(21) }, 'lastName', nameMessages.lastTooLong],
    [{ line1: '' }, 'line1', addressMessages.line1Required],
    [{ line1: 'x'.repeat(36) }, 'line1', addressMessages.line1TooLong],
    [{ line2: 'x'.repeat(36) }, 'line2', addressMessages.line2TooLong],
    [{ city: '' }, 'city', addressMessages.cityRequired],
    [{ state: '' }, 'state', addressMessages.stateRequired],
    [{ state: 'Narnia' }, 'state', addressMessages.stateRequired],
    [{ zip: '' }, 'zip', addressMessages.zipRequired],
    [{ zip: '1234a' }, 'zip', addressMessages.zipInvalid],
    [{ phoneNo: '' }, 'phoneNo', phoneMessages.required],
    [{ phoneNo: '0123456789' }, 'phoneNo', phoneMessages.invalid],
    [{ phoneNo: '555-1234' }, 'phoneNo', phoneMessages.invalid],
    // More than 10 digits, or another country's code (spec section 5).
    [{ phoneNo: '555123456789' }, 'phoneNo', phoneMessages.invalid],
    [{ phoneNo: '+44 20 7946 0958' }, 'phoneNo', phoneMessages.invalid],
  ])('refuses %j with its field message', async (change, field, message) => {
    const before = await addresses(bob.token);
    const res = await post(t, '/svc/account/saveAddress', { ...home, ...change }, bob.token);
    expect(res.statusCode).toBe(400);
    expect(json<{ errors: unknown[] }>(res).errors).toContainEqual({ field, message });
    expect(await addresses(bob.token)).toEqual(before);
  });

  it.each(['(718) 555-0142', '718-555-0142', '+1 718 555 0142', '718.555.0142', '+17185550142'])(
    'takes the phone %j as people type it and keeps its 10 digits',
    async (phoneNo) => {
      const res = await post(t, '/svc/account/saveAddress', { ...home, line1: '3 Phone St', phoneNo }, bob.token);
      expect(res.statusCode, res.body).toBe(200);
      expect(json<{ data: Address }>(res).data.phoneNo).toBe('7185550142');
      const saved = (await addresses(bob.token)).find((a) => a.id === json<{ data: Address }>(res).data.id);
      expect(saved?.phoneNo).toBe('7185550142');
    },
  );

  it('refuses a malformed address id', async () => {
    const res = await post(t, '/svc/account/deleteAddress?addressId=1', undefined, ann.token);
    expect(res.statusCode).toBe(400);
  });
});

describe('communication preferences', () => {
  it('starts with every mail on, keeps each change, and needs a log-in', async () => {
    expect(json(await get(t, '/svc/account/communicationPreferences', ann.token)).data).toEqual({
      productRecommendations: true,
      offersAndMessagesUpdates: true,
      rentalMessagesUpdates: true,
      savedSearchAlerts: true,
    });
    await post(t, '/svc/account/setProductRecommendations?enabled=false', undefined, ann.token);
    await post(t, '/svc/account/setRentalMessagesUpdates?enabled=false', undefined, ann.token);
    await post(t, '/svc/account/setSavedSearchAlerts?enabled=false', undefined, ann.token);
    const res = await post(t, '/svc/account/setOffersAndMessagesUpdates?enabled=false', undefined, ann.token);
    expect(json(res).data).toEqual({
      productRecommendations: false,
      offersAndMessagesUpdates: false,
      rentalMessagesUpdates: false,
      savedSearchAlerts: false,
    });
    await post(t, '/svc/account/setOffersAndMessagesUpdates?enabled=true', undefined, ann.token);
    expect(json(await get(t, '/svc/account/communicationPreferences', ann.token)).data).toEqual({
      productRecommendations: false,
      offersAndMessagesUpdates: true,
      rentalMessagesUpdates: false,
      savedSearchAlerts: false,
    });
    expect(
      (await post(t, '/svc/account/setProductRecommendations?enabled=maybe', undefined, ann.token)).statusCode,
    ).toBe(400);
    expect((await post(t, '/svc/account/setProductRecommendations?enabled=true', undefined)).statusCode).toBe(401);
    // Bob's are his own.
    expect(
      json<{ data: { productRecommendations: boolean } }>(
        await get(t, '/svc/account/communicationPreferences', bob.token),
      ).data.productRecommendations,
    ).toBe(true);
  });

  it('sends an optional mail only when wanted, with an unsubscribe link that works logged out', async () => {
    const db = t.database.db;
    // Delivered at once (the queueing mailer and its job are tested in mail-delivery.test.ts).
    const transport = createMailTransport({
      db,
      from: 'Yardly <no-reply@yardly.local>',
      log: { info() {} },
      bodies: mailBodySealer(t.secret),
    });
    const mailer: Mailer = { send: (sent) => transport.deliver(sent) };
    const mail = optionalMailer({ mailer, preferences: preferenceStore(db), publicUrl: 'https://yardly.example' });
    const [bobRow] = await db.select().from(users).where(eq(users.refnum, bob.userRefnum));
    if (!bobRow) throw new Error('no bob');
    const offer = {
      to: bob.email,
      subject: 'New offer on your lamp',
      text: 'Someone made an offer.',
      html: '<html><body><p>Offer</p></body></html>',
    };

    expect(await mail.send(bobRow.id, 'offersAndMessagesUpdates', offer)).toBe('sent');
    const [sent] = await outbox(t, bob.email);
    expect(sent?.subject).toBe('New offer on your lamp');
    const link = sent?.text.match(/Unsubscribe: (\S+)/)?.[1];
    expect(link).toMatch(
      /^https:\/\/yardly\.example\/unsubscribe\?id=[A-Za-z0-9_-]{43}&list=offersAndMessagesUpdates$/,
    );
    const id = new URL(link ?? '').searchParams.get('id') ?? '';

    const info = await get(t, `/svc/account/unsubscribe?id=${id}`);
    expect(info.statusCode).toBe(200);
    expect(json<{ data: { email: string } }>(info).data.email).toBe(maskEmail(bob.email));
    const off = await post(t, '/svc/account/unsubscribe', { id, offersAndMessagesUpdates: false });
    expect(off.statusCode).toBe(200);
    expect(
      json<{ data: { preferences: Record<string, boolean> } }>(off).data.preferences.offersAndMessagesUpdates,
    ).toBe(false);

    expect(await mail.send(bobRow.id, 'offersAndMessagesUpdates', { ...offer, subject: 'Second offer' })).toBe(
      'unsubscribed',
    );
    expect((await outbox(t, bob.email)).map((m) => m.subject)).not.toContain('Second offer');
    // Other lists still arrive.
    expect(await mail.send(bobRow.id, 'productRecommendations', { ...offer, subject: 'Picked for you' })).toBe('sent');
  });

  it('carries RFC 8058 one-click unsubscribe: a POST to the List-Unsubscribe URL unsubscribes, no log-in', async () => {
    const db = t.database.db;
    const smtp = await startSmtp();
    try {
      const transport = createMailTransport({
        db,
        smtpUrl: smtp.url,
        from: 'Yardly <no-reply@yardly-market.com>',
        messageDomain: 'yardly-market.com',
        log: { info() {} },
        bodies: mailBodySealer(t.secret),
      });
      const mailer: Mailer = { send: (sent) => transport.deliver(sent) };
      const mail = optionalMailer({ mailer, preferences: preferenceStore(db), publicUrl: 'https://yardly-market.com' });
      const [bobRow] = await db.select().from(users).where(eq(users.refnum, bob.userRefnum));
      if (!bobRow) throw new Error('no bob');
      await mail.send(bobRow.id, 'productRecommendations', {
        to: bob.email,
        subject: 'Picked for you',
        text: 'Lamps near you.',
        html: '<html><body><p>Lamps</p></body></html>',
      });
      // The message as the mail server got it, its headers unfolded (RFC 5322 §2.2.3).
      const raw = smtp.received.at(-1)?.raw ?? '';
      const head = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
      const header = (name: string) =>
        head
          .split('\r\n')
          .find((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`))
          ?.slice(name.length + 1)
          .trim();
      expect(header('From')).toBe('Yardly <no-reply@yardly-market.com>');
      expect(header('Message-ID')).toMatch(/^<[0-9a-f-]{36}@yardly-market\.com>$/);
      expect(header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      const listUnsubscribe = header('List-Unsubscribe') ?? '';
      expect(listUnsubscribe).toMatch(
        /^<https:\/\/yardly-market\.com\/unsubscribe\?id=[A-Za-z0-9_-]{43}&list=productRecommendations>$/,
      );
      expect(raw).not.toContain('yardly.local');

      // What a mail client does (RFC 8058 §3.2): POST the body, no cookies, no log-in.
      const url = new URL(listUnsubscribe.slice(1, -1));
      const clicked = await t.app.inject({
        method: 'POST',
        url: `${url.pathname}${url.search}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(clicked.statusCode, clicked.body).toBe(200);
      expect(json<{ data: { preferences: Record<string, boolean> } }>(clicked).data.preferences).toMatchObject({
        productRecommendations: false,
      });
      expect(
        await mail.send(bobRow.id, 'productRecommendations', { to: bob.email, subject: 'Again', text: '', html: '' }),
      ).toBe('unsubscribed');
      const forged = await t.app.inject({ method: 'POST', url: `/unsubscribe?id=${'A'.repeat(43)}`, payload: '' });
      expect(forged.statusCode).toBe(404);
    } finally {
      await smtp.close();
    }
  });

  it('refuses a guessed or malformed unsubscribe id', async () => {
    const unknown = await get(t, `/svc/account/unsubscribe?id=${'A'.repeat(43)}`);
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown).msg).toBe(communicationMessages.badLink);
    expect((await get(t, '/svc/account/unsubscribe?id=123')).statusCode).toBe(400);
    expect(
      (await post(t, '/svc/account/unsubscribe', { id: 'A'.repeat(43), productRecommendations: false })).statusCode,
    ).toBe(404);
    // Tokens are distinct per person.
    const tokens = await t.database.db
      .select({ token: communicationPreferences.unsubscribeToken })
      .from(communicationPreferences);
    expect(new Set(tokens.map((r) => r.token)).size).toBe(tokens.length);
  });

  it('never puts an unsubscribe link in a code mail (transactional)', async () => {
    const [code] = await outbox(t, ann.email);
    expect(code?.text).toMatch(/\b\d{6}\b/);
    expect(code?.text).not.toContain('unsubscribe');
  });
});

describe('bank account', () => {
  const account = { accountHolder: 'Ann Lee', routingNumber: '021000021', accountNumber: '000123456789' };

  it('saves the payout account and only ever answers the last four digits', async () => {
    expect(json(await get(t, '/svc/account/bankAccount', ann.token)).data).toBeNull();
    const saved = await post(t, '/svc/account/saveBankAccount', account, ann.token);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(json(saved).data).toEqual({
      accountHolder: 'Ann Lee',
      routingNumber: '021000021',
      accountNumberMasked: '****6789',
      individualGiven: false,
    });
    const read = await get(t, '/svc/account/bankAccount', ann.token);
    expect(read.body).not.toContain('000123456789');
    expect(json(read).data).toEqual(json(saved).data);
    const [row] = await t.database.db.select().from(payoutAccounts);
    expect(row?.accountNumberCipher).not.toContain('123456789');
    expect(json(await get(t, '/svc/account/bankAccount', bob.token)).data).toBeNull();
  });

  it.each([
    [{ accountHolder: '' }, 'accountHolder', bankAccountMessages.holderRequired],
    [{ routingNumber: '021000022' }, 'routingNumber', bankAccountMessages.routingInvalid],
    [{ routingNumber: '12345' }, 'routingNumber', bankAccountMessages.routingInvalid],
    [{ accountNumber: '12ab' }, 'accountNumber', bankAccountMessages.accountInvalid],
    [{ accountNumber: '1'.repeat(18) }, 'accountNumber', bankAccountMessages.accountInvalid],
  ])('refuses %j', async (change, field, message) => {
    const res = await post(t, '/svc/account/saveBankAccount', { ...account, ...change }, bob.token);
    expect(res.statusCode).toBe(400);
    expect(json<{ errors: unknown[] }>(res).errors).toContainEqual({ field, message });
    expect(json(await get(t, '/svc/account/bankAccount', bob.token)).data).toBeNull();
  });

  it('removes it', async () => {
    expect((await post(t, '/svc/account/deleteBankAccount', undefined, ann.token)).statusCode).toBe(200);
    expect(json(await get(t, '/svc/account/bankAccount', ann.token)).data).toBeNull();
  });
});
