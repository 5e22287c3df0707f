import type { CallData, rentalMessagingCalls, rentalNotificationCalls } from '@yardly/shared/contract';
import type { RentalState } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { newRefnum } from '../src/db/refnum';
import { rentals, users } from '../src/db/schema/index';
import { json, type TestApp } from './harness';
import { auth, type Envelope } from './selling-helpers';

export type RentalConversationsPage = CallData<typeof rentalMessagingCalls.conversations>;
export type RentalNotificationsPage = CallData<typeof rentalNotificationCalls.list>;

/**
 * A rental written straight into the database (the create call is another capability's): a
 * two-bedroom in New York, on the market unless `state` says otherwise. Its refnum.
 */
export async function insertedRental(
  t: TestApp,
  landlordRefnum: string,
  overrides: Partial<typeof rentals.$inferInsert> & { state?: RentalState } = {},
): Promise<string> {
  const db = t.database.db;
  const [landlord] = await db.select({ id: users.id }).from(users).where(eq(users.refnum, landlordRefnum));
  if (!landlord) throw new Error(`no user ${landlordRefnum}`);
  const refnum = newRefnum('rental');
  const now = t.app.clock.now();
  await db.insert(rentals).values({
    refnum,
    landlordId: landlord.id,
    title: 'Sunny two-bedroom',
    description: 'Bright rooms, close to the park.',
    propertyType: 'apartment',
    bedrooms: 2,
    bathrooms: 1.5,
    squareFeet: 850,
    rentCents: 240_000,
    depositCents: 240_000,
    availableFrom: '2026-12-01',
    leaseMonths: 12,
    parking: 'street',
    laundry: 'in_unit',
    line1: '12 Hidden Lane',
    city: 'New York',
    region: 'NY',
    zip: '10001',
    showStreet: false,
    state: 'available',
    listedAt: now,
    createdAt: now,
    updatedAt: now,
    ...overrides,
  });
  return refnum;
}

export async function setRentalState(t: TestApp, refnum: string, state: RentalState) {
  await t.database.db.update(rentals).set({ state }).where(eq(rentals.refnum, refnum));
}

export function sendRentalMessage(t: TestApp, token: string | undefined, body: object) {
  return t.app.inject({ method: 'POST', url: '/rental/messaging', payload: body, headers: token ? auth(token) : {} });
}

/** Sends and expects it to go through: the conversation's id and the new line. */
export async function sentRental(t: TestApp, token: string, body: { refnum: string; toRefnum: string; text: string }) {
  const res = await sendRentalMessage(t, token, body);
  expect(res.statusCode, res.body).toBe(200);
  return json<Envelope<{ conversationId: string; message: { messageId: string; text: string; mine: boolean } }>>(res)
    .data;
}

export function getWith(t: TestApp, token: string | undefined, url: string) {
  return t.app.inject({ method: 'GET', url, headers: token ? auth(token) : {} });
}

/** A page of `/rental/conversations` (or `/rental/conversations/listing`) for the caller. */
export async function rentalConversationsOf(t: TestApp, token: string, query = '', path = '/rental/conversations') {
  const res = await getWith(t, token, `${path}${query ? `?${query}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return json<Envelope<RentalConversationsPage>>(res).data.conversations;
}

/** The caller's rentals notifications (first page of 100) and the unread count. */
export async function rentalNotificationsOf(t: TestApp, token: string) {
  const res = await getWith(t, token, '/svc/rental/notifications?size=100');
  expect(res.statusCode, res.body).toBe(200);
  const data = json<Envelope<RentalNotificationsPage>>(res).data;
  return { items: data.notifications.content, total: data.notifications.totalElements, unreadCount: data.unreadCount };
}

export function postWith(t: TestApp, token: string | undefined, url: string, payload?: object) {
  return t.app.inject({ method: 'POST', url, payload, headers: token ? auth(token) : {} });
}
