import type { CallData, conversationHistoryCall, conversationsCall, SendMessageBody } from '@yardly/shared/contract';
import { expect } from 'vitest';
import { json, type TestApp } from './harness';
import { auth } from './selling-helpers';

export type Envelope<T> = { code: number; data: T; msg?: string; errors?: { field: string; message: string }[] };
export type ConversationsPage = CallData<typeof conversationsCall>;
export type History = CallData<typeof conversationHistoryCall>;

export function sendMessage(t: TestApp, token: string | undefined, body: Partial<SendMessageBody> | object) {
  return t.app.inject({ method: 'POST', url: '/svc/messages', payload: body, headers: token ? auth(token) : {} });
}

/** Sends and expects it to go through: the new line's id and its conversation's. */
export async function sent(t: TestApp, token: string, body: SendMessageBody) {
  const res = await sendMessage(t, token, body);
  expect(res.statusCode, res.body).toBe(200);
  return json<Envelope<{ conversationId: string; message: { messageId: string; text: string } }>>(res).data;
}

export function getAs(t: TestApp, token: string | undefined, url: string) {
  return t.app.inject({ method: 'GET', url, headers: token ? auth(token) : {} });
}

export async function conversationsOf(t: TestApp, token: string, query = '') {
  const res = await getAs(t, token, `/svc/messages${query ? `?${query}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return json<Envelope<ConversationsPage>>(res).data.conversations;
}

export async function historyOf(t: TestApp, token: string, conversationId: string, before?: string, size?: number) {
  const query = new URLSearchParams();
  if (before) query.set('before', before);
  if (size) query.set('size', String(size));
  const res = await getAs(t, token, `/svc/messages/${conversationId}?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return json<Envelope<History>>(res).data;
}

export function markRead(t: TestApp, token: string, conversationId: string) {
  return t.app.inject({ method: 'POST', url: '/svc/messages/read', payload: { conversationId }, headers: auth(token) });
}

export async function unreadOf(t: TestApp, token: string) {
  const res = await getAs(t, token, '/svc/messages/unread');
  expect(res.statusCode, res.body).toBe(200);
  return json<Envelope<{ unreadCount: number; conversations: number }>>(res).data;
}
