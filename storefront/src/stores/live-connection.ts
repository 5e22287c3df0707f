/** The live stream's address and bookkeeping: pure, so the store (./live.ts) is thin and these are tested. */

/** GET /svc/live with a fresh single-use ticket and, on a reconnect, the last event seen (the api replays after it). */
export function liveUrl(ticket: string, lastEventId: number | null): string {
  const params = new URLSearchParams({ ticket });
  if (lastEventId !== null) params.set('lastEventId', String(lastEventId));
  return `/svc/live?${params}`;
}

/** An event's id as a number; null when the stream sent none we understand. */
export function eventIdOf(raw: string): number | null {
  return /^\d{1,15}$/.test(raw) ? Number(raw) : null;
}

/** Ids grow per person: an event at or before the last one seen was already delivered (a replay's overlap). */
export function isNewEvent(lastEventId: number | null, id: number): boolean {
  return lastEventId === null || id > lastEventId;
}

/** How long to wait before reconnecting after `failures` failures in a row: 1, 2, 4... up to 30 seconds. */
export function reconnectDelayMs(failures: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, failures - 1));
}
