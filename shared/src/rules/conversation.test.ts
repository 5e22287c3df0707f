import { describe, expect, it } from 'vitest';
import { conversationKey, conversationMessages, MESSAGE_MAX, messageTextSchema, offerLine } from './conversation';

describe('offerLine', () => {
  it.each([
    [{ event: 'offered', amountCents: 4000 } as const, 'Offered $40.00'],
    [{ event: 'countered', amountCents: 4500 } as const, 'Countered $45.00'],
    [{ event: 'countered', amountCents: 123456 } as const, 'Countered $1,234.56'],
    [{ event: 'accepted' } as const, 'Accepted'],
    [{ event: 'declined' } as const, 'Declined'],
    [{ event: 'expired' } as const, 'Expired'],
    [{ event: 'cancelled' } as const, 'Cancelled'],
  ])('%o reads %s', (step, line) => {
    expect(offerLine(step)).toBe(line);
  });
});

describe('messageTextSchema', () => {
  const errorOf = (text: unknown) => messageTextSchema.safeParse(text).error?.issues[0]?.message;

  it('takes 1 to 2000 characters, trimmed, as typed', () => {
    expect(messageTextSchema.parse('  a ')).toBe('a');
    expect(messageTextSchema.parse('x'.repeat(MESSAGE_MAX))).toHaveLength(MESSAGE_MAX);
    expect(messageTextSchema.parse('<b>hi</b> & bye')).toBe('<b>hi</b> & bye');
  });

  it('counts an emoji as one character', () => {
    expect(messageTextSchema.safeParse('😀'.repeat(MESSAGE_MAX)).success).toBe(true);
    expect(errorOf('😀'.repeat(MESSAGE_MAX + 1))).toBe(conversationMessages.tooLong);
  });

  it('refuses empty, blank and too long messages with their message', () => {
    expect(errorOf('')).toBe(conversationMessages.empty);
    expect(errorOf('   ')).toBe(conversationMessages.empty);
    expect(errorOf(undefined)).toBe(conversationMessages.empty);
    expect(errorOf('x'.repeat(MESSAGE_MAX + 1))).toBe(conversationMessages.tooLong);
  });
});

it('keys a conversation by listing and seller', () => {
  expect(conversationKey('L0000000000A', 'U0000000000B')).toBe('L0000000000A_U0000000000B');
});
