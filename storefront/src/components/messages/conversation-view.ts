import type { ConversationMessage, ConversationSummary, LiveEventPayload } from '@yardly/shared/contract';
import { MESSAGE_MAX, messageTextSchema, truncate } from '@yardly/shared/rules';

/**
 * A conversation's lines oldest first, each once: what was shown, with lines read again (a page
 * back, the latest page after a reconnection) or arriving live, whichever came first.
 */
export function mergeLines(
  current: readonly ConversationMessage[],
  incoming: readonly ConversationMessage[],
): ConversationMessage[] {
  const byId = new Map(current.map((line) => [line.messageId, line]));
  for (const line of incoming) byId.set(line.messageId, line);
  // A stable sort: lines of the same instant keep the order they came in.
  return [...byId.values()].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** The send box's counter, characters counted as a person counts them (an emoji is one): '12 / 2000'. */
export function messageCounter(text: string): string {
  return `${[...text].length} / ${MESSAGE_MAX}`;
}

/** Why the typed text cannot be sent (the api's own messages: empty, over 2000), or null when it can. */
export function messageError(text: string): string | null {
  const parsed = messageTextSchema.safeParse(text);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}

/** Who wrote a line, as the viewer reads it; null for an offer's step (a system line has no author). */
export function lineAuthor(line: Pick<ConversationMessage, 'kind' | 'mine'>, otherName: string): string | null {
  if (line.kind === 'system') return null;
  return line.mine ? 'You' : otherName;
}

/** The other party as a conversation names them: 'Seller Ann' to the buyer, 'Buyer Bo' to the seller. */
export function otherPartyLabel(summary: {
  role: ConversationSummary['role'];
  otherParty: Pick<ConversationSummary['otherParty'], 'name'>;
}): string {
  return `${summary.role === 'buying' ? 'Seller' : 'Buyer'} ${summary.otherParty.name}`;
}

/** The list's preview of a conversation's last line. */
export function lastLinePreview(line: Pick<ConversationMessage, 'text' | 'mine' | 'kind'> | null): string {
  if (!line) return 'No messages yet';
  const text = truncate(line.text.replace(/\s+/g, ' '), 80);
  return line.mine && line.kind === 'text' ? `You: ${text}` : text;
}

export function unreadLabel(count: number): string {
  return `${count} unread`;
}

const LINE_TIME = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** When a line was written, in the viewer's time: '22 Nov 2026, 14:05'. */
export function lineTime(createdAt: string): string {
  const date = new Date(createdAt);
  return Number.isNaN(date.getTime()) ? '' : LINE_TIME.format(date);
}

/** What the open conversation page is showing: a conversation, or a buyer's not yet opened one with a seller. */
export interface OpenConversation {
  conversationId: string | null;
  listingRefnum: string;
  role: 'buying' | 'selling';
}

/**
 * Whether a live line belongs on the open page: its conversation, or, while a buyer's
 * conversation is not opened yet, the first line of theirs about the listing (they have one
 * conversation per listing: an offer made elsewhere opens it too).
 */
export function belongsHere(event: LiveEventPayload<'message'>, open: OpenConversation): boolean {
  if (open.conversationId !== null) return event.conversationId === open.conversationId;
  return open.role === 'buying' && event.listingRefnum === open.listingRefnum;
}
