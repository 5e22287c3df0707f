import type { CallData, LoginData, notificationsCall } from '@yardly/shared/contract';
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { notifications } from '../src/db/schema/index';
import { json, type TestApp } from './harness';
import { userIdOf } from './identity-helpers';
import { auth, type Envelope } from './selling-helpers';

export type NotificationsPage = CallData<typeof notificationsCall>;

/** The caller's notifications (first page of 100), newest first, and the unread count. */
export async function notificationsOf(t: TestApp, token: string) {
  const res = await t.app.inject({ method: 'GET', url: '/svc/notifications?size=100', headers: auth(token) });
  expect(res.statusCode, res.body).toBe(200);
  const data = json<Envelope<NotificationsPage>>(res).data;
  return { items: data.notifications.content, total: data.notifications.totalElements, unreadCount: data.unreadCount };
}

export function markNotificationsRead(t: TestApp, token: string | undefined, body: object) {
  return t.app.inject({
    method: 'POST',
    url: '/svc/notifications/read',
    payload: body,
    headers: token ? auth(token) : {},
  });
}

export function savePushToken(t: TestApp, token: string | undefined, body: object) {
  return t.app.inject({
    method: 'POST',
    url: '/svc/session/fcm/token',
    payload: body,
    headers: token ? auth(token) : {},
  });
}

/** The notification rows the person was sent, oldest first, read from the database. */
export async function noticeRowsOf(t: TestApp, person: LoginData) {
  return t.database.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, await userIdOf(t, person)))
    .orderBy(asc(notifications.id));
}

/** The texts of the notifications the person was sent, oldest first. */
export async function noticeTextsOf(t: TestApp, person: LoginData): Promise<string[]> {
  return (await noticeRowsOf(t, person)).map((row) => row.text);
}
