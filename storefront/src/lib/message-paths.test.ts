import { describe, expect, it } from 'vitest';
import {
  conversationFilterOf,
  conversationPath,
  conversationWithSellerPath,
  decodeConversationId,
  listingConversationsPath,
  messagesPath,
} from './message-paths';

const segment = (path: string) => path.split('/').pop() ?? '';

describe('message addresses', () => {
  it('encodes a conversation id and the spec key listingRefnum_sellerRefnum as one opaque segment, and back', () => {
    const byId = conversationPath('T0123456789A');
    expect(byId).toMatch(/^\/messages\/[A-Za-z0-9_-]+$/);
    expect(decodeConversationId(segment(byId))).toEqual({ conversationId: 'T0123456789A' });

    const byKey = conversationWithSellerPath('L0123456789A', 'U0123456789B');
    expect(atob(segment(byKey))).toBe('L0123456789A_U0123456789B');
    expect(decodeConversationId(segment(byKey))).toEqual({
      listingRefnum: 'L0123456789A',
      sellerRefnum: 'U0123456789B',
    });
  });

  it('names nothing for a mangled id, three parts, or characters a refnum does not have', () => {
    expect(decodeConversationId('not base64!')).toBeNull();
    expect(decodeConversationId(btoa('L1_U2_U3'))).toBeNull();
    expect(decodeConversationId(btoa('<script>'))).toBeNull();
    expect(decodeConversationId(btoa('L1_'))).toBeNull();
  });

  it('lists conversations at /myquest/messages, defaults left out', () => {
    expect(messagesPath()).toBe('/myquest/messages');
    expect(messagesPath({ type: 'allmessages', page: 1 })).toBe('/myquest/messages');
    expect(messagesPath({ type: 'selling', page: 3, size: 50 })).toBe('/myquest/messages?type=selling&page=3&size=50');
    expect(listingConversationsPath('L0123456789A')).toBe('/myquest/messages?listingRefnum=L0123456789A');
  });

  it('reads the filter from the address: buying or selling, else every conversation', () => {
    expect(conversationFilterOf('buying')).toBe('buying');
    expect(conversationFilterOf('selling')).toBe('selling');
    expect(conversationFilterOf('messages')).toBe('allmessages');
    expect(conversationFilterOf('offers')).toBe('allmessages');
    expect(conversationFilterOf(null)).toBe('allmessages');
  });
});
