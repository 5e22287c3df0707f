/**
 * My Quest's message addresses (spec section 2). A conversation is `/messages/{encoded id}`,
 * the id encoded base64url like the offers' (`offer-paths.ts`). It carries either:
 * - a conversation's id (`T…`): one conversation, for either party (the lists link there);
 * - the spec's conversation key `listingRefnum_sellerRefnum` (section 3): the signed-in buyer's
 *   conversation with that seller about that listing, which may not exist yet (the item page's
 *   'Message', a buyer's card 'View Messages'): its first line opens it.
 * The conversations are listed at `/myquest/messages` (tab keys `messages` and `allmessages`),
 * narrowed by `type` (buying, selling) and `listingRefnum` in the query.
 */
import {
  type ConversationTab,
  conversationKey,
  conversationPath,
  fromBase64Url,
  toBase64Url,
} from '@yardly/shared/rules';

export { conversationPath };

const REFNUM = /^[A-Za-z0-9]{1,40}$/;

/** What an encoded id names: one conversation by its id, or the buyer's conversation by its key. */
export type ConversationRef = { conversationId: string } | { listingRefnum: string; sellerRefnum: string };

/** The signed-in buyer's conversation with a listing's seller, by the spec's key (opened by its first line). */
export function conversationWithSellerPath(listingRefnum: string, sellerRefnum: string): string {
  return `/messages/${toBase64Url(conversationKey(listingRefnum, sellerRefnum))}`;
}

/** The conversation an `/messages/{encoded id}` names; null for an id that names none. */
export function decodeConversationId(id: string): ConversationRef | null {
  const decoded = fromBase64Url(id);
  if (decoded === null) return null;
  const parts = decoded.split('_');
  if (!parts.every((part) => REFNUM.test(part))) return null;
  const [first, second] = parts;
  if (parts.length === 1 && first) return { conversationId: first };
  if (parts.length === 2 && first && second) return { listingRefnum: first, sellerRefnum: second };
  return null;
}

/** The 'My Messages' list's own filter: every conversation, or one side of them. */
export type ConversationFilter = Extract<ConversationTab, 'allmessages' | 'buying' | 'selling'>;

export interface MessagesQuery {
  type?: ConversationFilter;
  /** One listing's conversations (the seller's 'View Messages'). */
  listingRefnum?: string;
  /** One-based, as people see it. */
  page?: number;
  size?: number;
}

/** `/myquest/messages`, with the filter, listing and page in the query (defaults left out). */
export function messagesPath(query: MessagesQuery = {}): string {
  const params = new URLSearchParams();
  if (query.type && query.type !== 'allmessages') params.set('type', query.type);
  if (query.listingRefnum) params.set('listingRefnum', query.listingRefnum);
  if (query.page && query.page > 1) params.set('page', String(query.page));
  if (query.size) params.set('size', String(query.size));
  const qs = params.toString();
  return `/myquest/messages${qs ? `?${qs}` : ''}`;
}

/** Every conversation about one of the seller's listings: where their card's 'View Messages' leads. */
export function listingConversationsPath(listingRefnum: string): string {
  return messagesPath({ listingRefnum });
}

/** A `type` from the address: buying or selling, else every conversation (messages and allmessages alike). */
export function conversationFilterOf(value: string | null): ConversationFilter {
  return value === 'buying' || value === 'selling' ? value : 'allmessages';
}
