import type { LoginData } from '@yardly/shared/contract';
import { call } from './checkout-helpers';
import { json, type TestApp } from './harness';
import { freshAddress, GOOD_PASSWORD, postFrom } from './identity-helpers';

export type Label = { trackingNumber: string; labelUrl: string; amount: number };
export type Tracking = {
  trackingNumber: string;
  status: string;
  expectedAt: string | null;
  events: { status: string; at: string; description: string }[];
};
export type Rates = { rates: { service: string; amount: number; days: number }[] };

export const rates = (t: TestApp, token: string | undefined, orderId: string, parcel = 'small') =>
  call<Rates>(t, 'GET', `/svc/shipping/rates?orderId=${orderId}&parcel=${parcel}`, token);

export const buyLabel = (
  t: TestApp,
  token: string | undefined,
  orderId: string,
  body: { parcel?: string; service?: string } = {},
  key?: string,
) =>
  call<Label>(
    t,
    'POST',
    '/svc/shipping/label',
    token,
    { orderId, parcel: body.parcel ?? 'small', service: body.service ?? 'ground' },
    key ? { 'idempotency-key': key } : {},
  );

export const tracking = (t: TestApp, token: string | undefined, orderId: string) =>
  call<Tracking>(t, 'GET', `/svc/orders/${orderId}/tracking`, token);

/** GET of a label's PDF: the status, the content type and the bytes. */
export async function labelFile(t: TestApp, token: string | undefined, labelUrl: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: labelUrl,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: res.statusCode, type: res.headers['content-type'], bytes: res.rawPayload };
}

/** Logs a person in again (after the clock moved past their access token's life). */
export async function loggedInAgain(t: TestApp, email: string): Promise<LoginData> {
  const res = await postFrom(t, freshAddress(), '/svc/users/login', { email, password: GOOD_PASSWORD });
  if (res.statusCode !== 200) throw new Error(`login answered ${res.statusCode}: ${res.body}`);
  return json<{ data: LoginData }>(res).data;
}
