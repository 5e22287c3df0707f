import { PassThrough } from 'node:stream';
import type { LoginData } from '@yardly/shared/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shipments } from '../src/db/schema/index';
import { signShippoWebhook } from '../src/modules/shipping/shippo-carrier';
import { boughtNow, orderDetail } from './checkout-helpers';
import { closeInOrder, startTestApp, type TestApp } from './harness';
import { signedUpPeople } from './role-helpers';
import { publishedListing } from './selling-helpers';
import { buyLabel, labelFile, tracking } from './shipping-helpers';
import { startShippoStandIn, trackUpdated } from './shippo-stand-in';

// Issue 34: Shippo's webhook and labels. A signature is good for five minutes; the webhook's
// secret never reaches the log; a tracking number already on file keeps the label the carrier
// sold; the carrier Shippo's tracking is asked about is the one the label's rate named.

const API_KEY = 'shippo_test_hardening0123456789';
const SECRET = 'shippo-webhook-secret-never-logged';

let t: TestApp;
let standIn: Awaited<ReturnType<typeof startShippoStandIn>>;
let seller: LoginData;
let buyer: LoginData;
const log = new PassThrough();
const logLines: string[] = [];
log.on('data', (chunk: Buffer) => logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean)));

beforeAll(async () => {
  standIn = await startShippoStandIn(API_KEY);
  t = await startTestApp({
    env: { SHIPPO_API_KEY: API_KEY, SHIPPO_API_URL: standIn.url, SHIPPO_WEBHOOK_SECRET: SECRET, LOG_LEVEL: 'info' },
    logStream: log,
  });
  ({ seller, buyer } = await signedUpPeople(t, 'seller', 'buyer'));
});
afterAll(() => closeInOrder(t, standIn));

function webhook(body: unknown, auth: { token?: string; signature?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/svc/shipping/webhook/shippo${auth.token === undefined ? '' : `?token=${encodeURIComponent(auth.token)}`}`,
    headers: {
      'content-type': 'application/json',
      ...(auth.signature ? { 'shippo-auth-signature': auth.signature } : {}),
    },
    payload: JSON.stringify(body),
  });
}

async function shippedOrder(service = 'usps_priority') {
  const placed = await boughtNow(t, buyer.token, await publishedListing(t, seller.token));
  const bought = await buyLabel(t, seller.token, placed.orderId, { service });
  expect(bought.status, JSON.stringify(bought.body)).toBe(200);
  return { placed, label: bought.body.data };
}

const minutes = (n: number) => new Date(t.app.clock.now().getTime() + n * 60_000);

describe('Shippo webhook signatures', () => {
  it('refuses a signature older than five minutes or dated ahead; a fresh one is applied', async () => {
    const { placed, label } = await shippedOrder();
    const transit = trackUpdated(label.trackingNumber, 'TRANSIT', 'evt_age_1', t.app.clock.now());
    const raw = JSON.stringify(transit);

    const stale = await webhook(transit, { signature: signShippoWebhook(SECRET, raw, minutes(-6)) });
    expect([stale.statusCode, JSON.parse(stale.body).code]).toEqual([401, 401]);
    const twoDays = await webhook(transit, { signature: signShippoWebhook(SECRET, raw, minutes(-2 * 24 * 60)) });
    expect(twoDays.statusCode).toBe(401);
    const ahead = await webhook(transit, { signature: signShippoWebhook(SECRET, raw, minutes(10)) });
    expect(ahead.statusCode).toBe(401);
    expect((await tracking(t, buyer.token, placed.orderId)).body.data.status).toBe('pre_transit');

    const fresh = await webhook(transit, { signature: signShippoWebhook(SECRET, raw, minutes(-4)) });
    expect([fresh.statusCode, JSON.parse(fresh.body).data]).toEqual([200, { received: 1, applied: 1 }]);
    expect((await tracking(t, buyer.token, placed.orderId)).body.data.status).toBe('in_transit');
  });

  it('never writes the webhook secret to the request log', async () => {
    logLines.length = 0;
    const res = await webhook({ event: 'transaction_created', data: {} }, { token: SECRET });
    expect(res.statusCode).toBe(200);
    await new Promise((resolve) => setImmediate(resolve));
    const lines = logLines.filter((line) => line.includes('/svc/shipping/webhook/shippo'));
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.some((line) => line.includes('token=[redacted]'))).toBe(true);
    expect(logLines.join('\n')).not.toContain(SECRET);
    expect(logLines.join('\n')).not.toContain(encodeURIComponent(SECRET));
  });
});

describe('Shippo labels', () => {
  it('keeps a label whose tracking number is already on file (no 500), and each seller prints their own', async () => {
    standIn.options.trackingNumber = '9400100000000000000042';
    try {
      const first = await shippedOrder();
      const second = await shippedOrder();
      expect([first.label.trackingNumber, second.label.trackingNumber]).toEqual([
        '9400100000000000000042',
        '9400100000000000000042',
      ]);
      expect((await orderDetail(t, buyer.token, second.placed.orderId)).body.data.status).toBe('shipped');
      // Nothing was voided: both labels the carrier sold are kept.
      expect(standIn.requests.filter((r) => r.path === '/refunds/')).toEqual([]);
      const pdf = await labelFile(t, seller.token, second.label.labelUrl);
      expect([pdf.status, pdf.type]).toEqual([200, 'application/pdf']);
      // The carrier's event goes to the newest label of that number.
      const delivered = trackUpdated('9400100000000000000042', 'TRANSIT', 'evt_dup_1', t.app.clock.now());
      expect(JSON.parse((await webhook(delivered, { token: SECRET })).body).data).toEqual({ received: 1, applied: 1 });
      expect((await tracking(t, buyer.token, second.placed.orderId)).body.data.status).toBe('in_transit');
      expect((await tracking(t, buyer.token, first.placed.orderId)).body.data.status).toBe('pre_transit');
    } finally {
      standIn.options.trackingNumber = undefined;
    }
  });

  it('asks Shippo about the carrier the rate named (DHL Express, GLS US), not the service token cut at `_`', async () => {
    const original = { provider: standIn.options.provider, services: standIn.options.services };
    try {
      for (const [provider, token, expected] of [
        ['DHL Express', 'dhl_express_worldwide', 'dhl_express'],
        ['GLS US', 'gls_us_ground', 'gls_us'],
      ] as const) {
        standIn.options.provider = provider;
        standIn.options.services = [{ token, name: 'Ground', amount: '8.10', days: 3 }];
        const { label } = await shippedOrder(token);
        const [row] = await t.database.db
          .select({ carrierCode: shipments.carrierCode })
          .from(shipments)
          .where(eq(shipments.trackingNumber, label.trackingNumber));
        expect(row?.carrierCode).toBe(expected);
        await t.app.shipping.carrier.tracking({
          trackingNumber: label.trackingNumber,
          carrierCode: row?.carrierCode ?? null,
        });
        expect(standIn.requests.at(-1)?.path).toBe(`/tracks/${expected}/${label.trackingNumber}`);
      }
    } finally {
      Object.assign(standIn.options, original);
    }
  });
});
