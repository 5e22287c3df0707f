import type { ConversationMessage } from '@yardly/shared/contract';
import { conversationMessages, MESSAGE_MAX } from '@yardly/shared/rules';
import { describe, expect, it } from 'vitest';
import {
  belongsHere,
  lastLinePreview,
  lineAuthor,
  mergeLines,
  messageCounter,
  messageError,
  otherPartyLabel,
} from './conversation-view';

function line(messageId: string, createdAt: string, extra: Partial<ConversationMessage> = {}): ConversationMessage {
  return { messageId, kind: 'text', text: messageId, senderRefnum: 'U1', mine: false, createdAt, ...extra };
}

describe('a conversation as the page shows it', () => {
  it('merges lines read again or arriving live: each once, oldest first', () => {
    const a = line('M1', '2026-11-25T10:00:00.000Z');
    const b = line('M2', '2026-11-25T10:01:00.000Z');
    const c = line('M3', '2026-11-25T10:02:00.000Z');
    expect(mergeLines([a, b], [c, b]).map((l) => l.messageId)).toEqual(['M1', 'M2', 'M3']);
    // An earlier page goes before what is shown.
    expect(mergeLines([b, c], [a]).map((l) => l.messageId)).toEqual(['M1', 'M2', 'M3']);
    // Lines of the same instant keep the order they came in.
    const twin = line('M0', b.createdAt);
    expect(mergeLines([a, b], [twin]).map((l) => l.messageId)).toEqual(['M1', 'M2', 'M0']);
  });

  it("counts characters as a person does and refuses with the api's messages", () => {
    expect(messageCounter('')).toBe(`0 / ${MESSAGE_MAX}`);
    expect(messageCounter('hi 👋')).toBe(`4 / ${MESSAGE_MAX}`);
    expect(messageError('')).toBe(conversationMessages.empty);
    expect(messageError('  \n ')).toBe(conversationMessages.empty);
    expect(messageError('x'.repeat(MESSAGE_MAX))).toBeNull();
    expect(messageError('👋'.repeat(MESSAGE_MAX))).toBeNull();
    expect(messageError('x'.repeat(MESSAGE_MAX + 1))).toBe(conversationMessages.tooLong);
  });

  it('names who wrote a line; an offer step has no author', () => {
    expect(lineAuthor({ kind: 'text', mine: true }, 'Ann')).toBe('You');
    expect(lineAuthor({ kind: 'text', mine: false }, 'Ann')).toBe('Ann');
    expect(lineAuthor({ kind: 'system', mine: false }, 'Ann')).toBeNull();
    expect(otherPartyLabel({ role: 'buying', otherParty: { name: 'Ann' } })).toBe('Seller Ann');
    expect(otherPartyLabel({ role: 'selling', otherParty: { name: 'Bo' } })).toBe('Buyer Bo');
  });

  it('previews the last line in the list', () => {
    expect(lastLinePreview(null)).toBe('No messages yet');
    expect(lastLinePreview({ text: 'Still\nthere?', mine: true, kind: 'text' })).toBe('You: Still there?');
    expect(lastLinePreview({ text: 'Offered $40.00', mine: true, kind: 'system' })).toBe('Offered $40.00');
    expect(lastLinePreview({ text: 'y'.repeat(100), mine: false, kind: 'text' })).toBe(`${'y'.repeat(80)}...`);
  });

  it("takes a live line into the open conversation only, or into a buyer's not yet opened one on the listing", () => {
    const event = { conversationId: 'T1', listingRefnum: 'L1', message: line('M9', '2026-11-25T10:00:00.000Z') };
    expect(belongsHere(event, { conversationId: 'T1', listingRefnum: 'L1', role: 'selling' })).toBe(true);
    expect(belongsHere(event, { conversationId: 'T2', listingRefnum: 'L1', role: 'selling' })).toBe(false);
    expect(belongsHere(event, { conversationId: null, listingRefnum: 'L1', role: 'buying' })).toBe(true);
    expect(belongsHere(event, { conversationId: null, listingRefnum: 'L2', role: 'buying' })).toBe(false);
  });
});
