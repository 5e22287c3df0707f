import { tmpdir } from 'node:os';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../src/config';
import { testPaymentIntents, testPayouts } from '../src/db/schema/index';
import { createPaymentProvider } from '../src/modules/payments/provider-factory';
import { TestProviderError } from '../src/modules/payments/test-provider/intents';
import { createTestProvider } from '../src/modules/payments/test-provider/provider';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
const testConfig = () => parseConfig({ NODE_ENV: 'test', DATA_DIR: tmpdir() });

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

/** A provider as a freshly started api process would make it: nothing in memory, everything in the database. */
const freshProvider = () => createTestProvider({ db: t.database.db, clock: t.app.clock });

async function authorise(intentId: string) {
  await t.database.db
    .update(testPaymentIntents)
    .set({ status: 'requires_capture' })
    .where(eq(testPaymentIntents.id, intentId));
}

describe('the built-in test provider', () => {
  it('is the default provider', () => {
    const provider = createPaymentProvider({
      config: testConfig(),
      db: t.database.db,
      clock: t.app.clock,
      secret: new Uint8Array(32),
    });
    expect(provider.name).toBe('test');
    expect(provider.browser).toEqual({ provider: 'test' });
  });

  it('keeps intents in the database (a restarted process finds them) and honours idempotency keys', async () => {
    const input = { amountCents: 1234, idempotencyKey: 'restart-1', metadata: { listingRefnum: 'L1' } };
    const created = await freshProvider().createIntent(input);
    expect(created).toMatchObject({ amountCents: 1234, status: 'requires_payment_method', card: null });
    const again = await freshProvider().createIntent({ ...input, amountCents: 999 });
    expect(again.id).toBe(created.id);
    expect(await freshProvider().retrieveIntent(created.id)).toEqual(created);
  });

  it('captures only an authorised intent, cancels only what is not captured; repeating either is harmless', async () => {
    const provider = freshProvider();
    const intent = await provider.createIntent({ amountCents: 500, idempotencyKey: 'cap-1', metadata: {} });
    await expect(provider.capture(intent.id, 'k')).rejects.toThrow(TestProviderError);
    await authorise(intent.id);
    expect((await provider.capture(intent.id, 'k')).status).toBe('succeeded');
    expect((await freshProvider().capture(intent.id, 'k')).status).toBe('succeeded');
    await expect(provider.cancel(intent.id, 'c')).rejects.toThrow(/succeeded/);
    const other = await provider.createIntent({ amountCents: 500, idempotencyKey: 'cap-2', metadata: {} });
    await authorise(other.id);
    expect((await provider.cancel(other.id, 'c')).status).toBe('canceled');
    expect((await provider.cancel(other.id, 'c')).status).toBe('canceled');
    await expect(provider.capture(other.id, 'k')).rejects.toThrow(TestProviderError);
  });

  it('refunds captured money once per key, never more than was taken', async () => {
    const provider = freshProvider();
    const intent = await provider.createIntent({ amountCents: 800, idempotencyKey: 'ref-1', metadata: {} });
    await expect(provider.refund({ intentId: intent.id, idempotencyKey: 'r0', reason: 'x' })).rejects.toThrow(
      /only a captured payment/,
    );
    await authorise(intent.id);
    await provider.capture(intent.id, 'k');
    const part = await provider.refund({ intentId: intent.id, amountCents: 300, idempotencyKey: 'r1', reason: 'x' });
    expect(part).toMatchObject({ amountCents: 300, status: 'succeeded' });
    expect(await provider.refund({ intentId: intent.id, amountCents: 300, idempotencyKey: 'r1', reason: 'x' })).toEqual(
      part,
    );
    await expect(
      provider.refund({ intentId: intent.id, amountCents: 600, idempotencyKey: 'r2', reason: 'x' }),
    ).rejects.toThrow(/more than/);
    expect((await provider.refund({ intentId: intent.id, idempotencyKey: 'r3', reason: 'x' })).amountCents).toBe(500);
  });

  it('records a payout once per key, keeping only the account’s last four digits', async () => {
    const provider = createPaymentProvider({
      config: testConfig(),
      db: t.database.db,
      clock: t.app.clock,
      secret: new Uint8Array(32),
    });
    const input = {
      amountCents: 4750,
      bankAccount: { owner: 'U1', routingNumber: '011000015', accountNumber: '000123456789', holderName: 'Ann Lee' },
      idempotencyKey: 'payout-1',
      metadata: { sellerRefnum: 'U1' },
    };
    // As at Stripe, the money first reaches the seller's connected account (docs/decisions/0046).
    await provider.transfer({ ...input, idempotencyKey: 'transfer-1' });
    const paid = await provider.payout(input);
    expect(paid).toMatchObject({ amountCents: 4750, status: 'paid', failure: null });
    expect((await provider.payout(input)).id).toBe(paid.id);
    const rows = await t.database.db.select().from(testPayouts).where(eq(testPayouts.idempotencyKey, 'payout-1'));
    expect(rows.map((r) => r.accountLast4)).toEqual(['6789']);
  });

  it('sends no webhooks: any webhook is refused as unsigned', () => {
    expect(() => freshProvider().readWebhook(Buffer.from('{}'), 'sig')).toThrow(/no webhooks/);
  });
});
