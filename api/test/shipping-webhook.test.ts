import type { LoginData, OrderDetail } from '@yardly/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signShippoWebhook } from '../src/modules/shipping/shippo-carrier';
import { boughtNow, call, orderDetail } from './checkout-helpers';
import { closeInOrder, startTestApp, type TestApp } from './harness';
import { pdfText } from './pdf-text';
import { signedUpPeople } from './role-helpers';
import { publishedListing } from './selling-helpers';
import { buyLabel, labelFile, rates, tracking } from './shipping-helpers';
import { startShippoStandIn, trackUpdated } from './shippo-stand-in';

const API_KEY = 'shippo_test_0123456789abcdef';
const SECRET = 'shippo-webhook-secret-for-tests';

let t: TestApp;
let standIn: Awaited<ReturnType<typeof startShippoStandIn>>;
let seller: LoginData;
let buyer: LoginData;

beforeAll(async () => {
  standIn = await startShippoStandIn(API_KEY);
  t = await startTestApp({
    env: { SHIPPO_API_KEY: API_KEY, SHIPPO_API_URL: standIn.url, SHIPPO_WEBHOOK_SECRET: SECRET },
  });
  ({ seller, buyer } = await signedUpPeople(t, 'seller', 'buyer'));
});
afterAll(() => closeInOrder(t, standIn));

function webhook(body: unknown, auth: { token?: string; signature?: string } = {}) {
  const raw = JSON.stringify(body);
  return t.app.inject({
    method: 'POST',
    url: `/svc/shipping/webhook/shippo${auth.token === undefined ? '' : `?token=${encodeURIComponent(auth.token)}`}`,
    headers: {
      'content-type': 'application/json',
      ...(auth.signature ? { 'shippo-auth-signature': auth.signature } : {}),
    },
    payload: raw,
  });
}

describe('Shippo: rates, the label, and its track_updated webhook', () => {
  it('rates and the label come from Shippo; the webhook, checked, moves the parcel and the order once', async () => {
    const placed = await boughtNow(t, buyer.token, await publishedListing(t, seller.token));
    const quoted = await rates(t, seller.token, placed.orderId, 'small');
    expect(quoted.body.data.rates).toEqual([
      { service: 'usps_ground_advantage', amount: 635, days: 4 },
      { service: 'usps_priority', amount: 980, days: 2 },
    ]);
    const shipment = standIn.requests.find((r) => r.path === '/shipments/');
    expect(shipment?.auth).toBe(`ShippoToken ${API_KEY}`);
    expect(shipment?.body).toMatchObject({
      address_to: { name: 'Ann Lee', street1: '1 Main St', city: 'New York', state: 'NY', zip: '10001', country: 'US' },
      parcels: [{ length: '9', width: '6', height: '3', distance_unit: 'in', weight: '1.5', mass_unit: 'lb' }],
    });
    const bought = await buyLabel(t, seller.token, placed.orderId, { service: 'usps_priority' });
    expect(bought.status).toBe(200);
    expect(bought.body.data.amount).toBe(980);
    expect(standIn.requests.find((r) => r.path === '/transactions/')?.body).toMatchObject({
      label_file_type: 'PDF_4x6',
    });
    const pdf = await labelFile(t, seller.token, bought.body.data.labelUrl);
    expect([pdf.status, pdf.type]).toEqual([200, 'application/pdf']);
    expect(pdfText(pdf.bytes)).toContain(bought.body.data.trackingNumber);
    const number = bought.body.data.trackingNumber;

    // Refused: no token or signature, a wrong one, a signature over other bytes.
    const delivered = trackUpdated(
      number,
      'DELIVERED',
      'evt_delivered_1',
      new Date(t.app.clock.now().getTime() + 3_600_000),
    );
    expect((await webhook(delivered)).statusCode).toBe(401);
    expect((await webhook(delivered, { token: 'not-the-secret' })).statusCode).toBe(401);
    const forged = signShippoWebhook(SECRET, JSON.stringify({ other: true }), t.app.clock.now());
    expect((await webhook(delivered, { signature: forged })).statusCode).toBe(401);
    expect((await orderDetail(t, buyer.token, placed.orderId)).body.data.status).toBe('shipped');

    const transit = trackUpdated(number, 'TRANSIT', 'evt_transit_1', t.app.clock.now(), 'out_for_delivery');
    const signed = signShippoWebhook(SECRET, JSON.stringify(transit), t.app.clock.now());
    const moved = await webhook(transit, { signature: signed });
    expect([moved.statusCode, JSON.parse(moved.body).data]).toEqual([200, { received: 1, applied: 1 }]);
    expect((await tracking(t, buyer.token, placed.orderId)).body.data.status).toBe('out_for_delivery');

    const first = await webhook(delivered, { token: SECRET });
    expect(JSON.parse(first.body).data).toEqual({ received: 1, applied: 1 });
    const replay = await webhook(delivered, { token: SECRET });
    expect([replay.statusCode, JSON.parse(replay.body).data]).toEqual([200, { received: 1, applied: 0 }]);
    const detail = await orderDetail(t, buyer.token, placed.orderId);
    expect(detail.body.data.status).toBe('arrived');
    expect(detail.body.data.history.map((h) => h.event)).toEqual(['place', 'ship', 'arrive']);
    const seen = await tracking(t, seller.token, placed.orderId);
    expect(seen.body.data.status).toBe('delivered');
    expect(seen.body.data.events.map((e) => e.status)).toEqual(['out_for_delivery', 'delivered']);

    // An event of a parcel that is not Yardly's changes nothing; other event kinds are ignored.
    const foreign = await webhook(trackUpdated('9400999', 'DELIVERED', 'evt_x', t.app.clock.now()), { token: SECRET });
    expect(JSON.parse(foreign.body).data).toEqual({ received: 1, applied: 0 });
    const other = await webhook({ event: 'transaction_created', data: {} }, { token: SECRET });
    expect(JSON.parse(other.body).data).toEqual({ received: 0, applied: 0 });
    const done = await call<OrderDetail>(t, 'POST', '/svc/orders/confirm-received', buyer.token, {
      orderId: placed.orderId,
    });
    expect(done.body.data.status).toBe('delivered');
  });

  it('without a webhook secret the webhook is not there (404)', async () => {
    const plain = await startTestApp();
    try {
      const res = await plain.app.inject({
        method: 'POST',
        url: '/svc/shipping/webhook/shippo?token=x',
        payload: '{}',
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
