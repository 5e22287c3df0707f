/** The live stream (`GET /svc/live`): what it answers when a ticket or a resume point is refused. */
export const liveMessages = {
  badTicket: 'This live ticket is used or expired: ask for a new one',
  badLastEventId: 'Last-Event-ID must be the id of an event this stream sent',
} as const;
