import type pg from 'pg';
import { expect } from 'vitest';
import { freshEmail, GOOD_PASSWORD } from './identity-helpers';
import { mugForm } from './selling-helpers';

/** Calls to spawned api processes by their address (scale-out.test.ts, live-bus.test.ts). */
export type Answer<T> = { status: number; body: { code: number; data: T; msg?: string } };

export async function call<T = unknown>(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<Answer<T>> {
  const res = await fetch(`${base}/svc${path}`, {
    method,
    headers: {
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...(token && { authorization: `Bearer ${token}` }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Answer<T>['body'] };
}

/** `call` bound to one api process on this machine's loopback, by its port. */
export function callerAt(port: number) {
  return <T = unknown>(method: string, path: string, body?: unknown, token?: string) =>
    call<T>(`http://127.0.0.1:${port}`, method, path, body, token);
}

/** The answer's data, after checking it is a 200. */
export async function ok<T>(answer: Promise<Answer<T>>): Promise<T> {
  const { status, body } = await answer;
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data;
}

/** Signs up through A and verifies through B (the code's mail goes out from either's jobs). */
export async function signUpAcross(A: string, B: string, prefix: string) {
  const email = freshEmail(prefix);
  await ok(call(A, 'POST', '/users/signup', { email, password: GOOD_PASSWORD, nameFirst: 'Kit', nameLast: 'Lane' }));
  // Moving the clock through B delivers the queued mail (A's own runner may hold it a moment: look again, for up to 10 s).
  let mails: { text: string }[] = [];
  for (const deadline = Date.now() + 10_000; mails.length === 0 && Date.now() < deadline; ) {
    await ok(call(B, 'POST', '/dev/clock', { advanceMinutes: 0 }));
    mails = await ok(call<{ text: string }[]>(A, 'GET', `/dev/outbox?to=${encodeURIComponent(email)}`));
  }
  const code = /\b(\d{6})\b/.exec(mails[0]?.text ?? '')?.[1];
  return ok(
    call<{ token: string; refreshToken: string; userRefnum: string }>(B, 'POST', '/users/verify-email', {
      email,
      code,
    }),
  );
}

/** Publishes a mug through `base`: its listing refnum. */
export async function publishMug(base: string, token: string, sql: pg.Client) {
  const ref = await ok(
    call<{ inputSourceRandomRefnum: string }>(base, 'GET', '/listings/inputSourceRandomRefnum', undefined, token),
  );
  const { rows } = await sql.query<{ refnum: string }>(
    `select refnum from categories where title = 'Dinnerware & Glassware' and parent_id is not null`,
  );
  const created = await ok(
    call<{ listingRefnum: string }>(
      base,
      'POST',
      '/listings/create/v2',
      // It takes offers (scale-out's timer test makes them; a Buy Now listing takes none).
      mugForm(ref.inputSourceRandomRefnum, rows[0]?.refnum ?? '', { buyNow: false }),
      token,
    ),
  );
  return created.listingRefnum;
}
