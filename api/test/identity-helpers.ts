import type { LoginData } from '@yardly/shared/contract';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { users } from '../src/db/schema/index';
import { json, runDueJobs, type TestApp } from './harness';

export const GOOD_PASSWORD = 'Str0ng!pass';

/** The mails sent to an address, newest first, from the dev outbox (queued mail is delivered first). */
export async function outbox(t: TestApp, to: string): Promise<{ subject: string; text: string }[]> {
  await runDueJobs(t);
  const res = await t.app.inject({ method: 'GET', url: `/svc/dev/outbox?to=${encodeURIComponent(to)}` });
  expect(res.statusCode).toBe(200);
  return json<{ data: { subject: string; text: string }[] }>(res).data;
}

/** The 6-digit code of the newest mail to an address. */
export async function lastCode(t: TestApp, to: string): Promise<string> {
  const [mail] = await outbox(t, to);
  const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

export function post(t: TestApp, url: string, payload: unknown, token?: string) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

/** A POST from a given client address, with extra headers (a device id, say). */
export function postFrom(
  t: TestApp,
  remoteAddress: string,
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
) {
  return t.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress });
}

let addresses = 0;
/** An address of its own (a person on their own network): per-address limits of others do not touch it. */
export function freshAddress(): string {
  addresses += 1;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
}

let counter = 0;
export function freshEmail(prefix = 'person'): string {
  counter += 1;
  return `${prefix}.${counter}.${Math.random().toString(36).slice(2, 7)}@example.com`;
}

/** The sign-up tickets the sign-ups of this file were answered (docs/decisions/0047), by email. */
const tickets = new Map<string, string>();

/** The ticket the sign-up of `email` answered: verify-email needs it for the sign-up's password to count. */
export function ticketOf(email: string): string | undefined {
  return tickets.get(email);
}

/** A sign-up whose email is not verified yet (its code mailed, unused). */
export async function startedSignUp(t: TestApp, email = freshEmail()): Promise<string> {
  // Each person signs up from their own network, as people do: one file's many sign-ups stay
  // within the per-address sign-up limit, which auth-lockouts.test.ts tests on its own.
  const res = await postFrom(t, freshAddress(), '/svc/users/signup', {
    email,
    password: GOOD_PASSWORD,
    nameFirst: 'Ann',
    nameLast: 'Lee',
  });
  expect(res.statusCode, res.body).toBe(200);
  tickets.set(email, json<{ data: { signupTicket: string } }>(res).data.signupTicket);
  return email;
}

/** Sign up and verify: a logged-in person. */
export async function signedUp(t: TestApp, email = freshEmail()): Promise<LoginData> {
  await startedSignUp(t, email);
  const verified = await post(t, '/svc/users/verify-email', {
    email,
    code: await lastCode(t, email),
    signupTicket: ticketOf(email),
  });
  expect(verified.statusCode, verified.body).toBe(200);
  return json<{ data: LoginData }>(verified).data;
}

/** A person's row id (0 when there is none). */
export async function userIdOf(t: TestApp, person: LoginData): Promise<number> {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.refnum, person.userRefnum));
  return row?.id ?? 0;
}
