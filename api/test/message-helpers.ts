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

/** One Server-Sent Event as a browser's EventSource gets it. */
export interface StreamEvent {
  id: string;
  event: string;
  data: unknown;
}

/** The address of the app listening on a free port (listening once, for the file). */
export async function listeningUrl(t: TestApp): Promise<string> {
  const address = t.app.server.address();
  if (address && typeof address === 'object') return `http://127.0.0.1:${address.port}`;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return listeningUrl(t);
}

/**
 * GET /svc/live over real HTTP, read as it arrives. `next()` waits for the next event (never a
 * sleep: the test's own timeout is the limit); comment lines (keep-alive) and `retry:` are skipped,
 * and so are events of the types in `ignore` (a test about messages ignores 'notification').
 */
export async function openStream(
  t: TestApp | { url: string },
  options: {
    token?: string;
    ticket?: string;
    lastEventId?: string;
    /** `?lastEventId=`: what a page sends when it opens a new EventSource (which cannot set the header). */
    lastEventIdInQuery?: string;
    ignore?: readonly string[];
  } = {},
) {
  const controller = new AbortController();
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.lastEventId) headers['last-event-id'] = options.lastEventId;
  const params = new URLSearchParams();
  if (options.ticket) params.set('ticket', options.ticket);
  if (options.lastEventIdInQuery) params.set('lastEventId', options.lastEventIdInQuery);
  const query = params.size > 0 ? `?${params}` : '';
  // An app of the test's own, or a spawned server by its address (scale-out.test.ts).
  const base = 'url' in t ? t.url : await listeningUrl(t);
  const response = await fetch(`${base}/svc/live${query}`, { headers, signal: controller.signal });
  const queued: StreamEvent[] = [];
  const waiting: ((event: StreamEvent) => void)[] = [];
  const deliver = (event: StreamEvent) => {
    if (options.ignore?.includes(event.event)) return;
    const waiter = waiting.shift();
    if (waiter) waiter(event);
    else queued.push(event);
  };
  let ended: Promise<void> = Promise.resolve();
  if (response.ok && response.body) {
    ended = (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event = parseBlock(block);
            if (event) deliver(event);
            end = buffer.indexOf('\n\n');
          }
        }
      } catch {
        // Aborted by close().
      }
    })();
  }
  return {
    response,
    /** The next event. */
    next(): Promise<StreamEvent> {
      const event = queued.shift();
      return event ? Promise.resolve(event) : new Promise((resolve) => waiting.push(resolve));
    },
    /** Settles when the server ends the stream (or close() aborts it). */
    ended,
    /** Events already arrived and not taken. */
    pending: () => queued.length,
    close: () => controller.abort(),
  };
}

function parseBlock(block: string): StreamEvent | undefined {
  const fields = new Map<string, string>();
  for (const line of block.split('\n')) {
    if (line.startsWith(':') || line === '') continue;
    const colon = line.indexOf(':');
    fields.set(line.slice(0, colon), line.slice(colon + 1).trimStart());
  }
  const data = fields.get('data');
  if (data === undefined) return undefined;
  return { id: fields.get('id') ?? '', event: fields.get('event') ?? 'message', data: JSON.parse(data) };
}
