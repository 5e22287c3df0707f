import { toBase64Url } from '@yardly/shared/rules';
import { describe, expect, it } from 'vitest';
import { myQuestTarget } from './myquest-paths';

describe('the spec’s My Quest addresses', () => {
  it('open a messaging tab’s conversation, by its encoded id or its raw key', () => {
    const encoded = toBase64Url('L0123456789A_U0123456789B');
    expect(myQuestTarget({ tab: 'messages', ref: encoded })).toBe(`/messages/${encoded}`);
    expect(myQuestTarget({ tab: 'allmessages', ref: 'L0123456789A_U0123456789B' })).toBe(`/messages/${encoded}`);
    expect(myQuestTarget({ tab: 'buying', ref: 'T0123456789A' })).toBe(`/messages/${toBase64Url('T0123456789A')}`);
  });

  it('open an offer tab’s thread', () => {
    const thread = 'L0123456789A_U0123456789B_U0123456789C';
    expect(myQuestTarget({ tab: 'offers', ref: toBase64Url(thread) })).toBe(`/offers/${toBase64Url(thread)}`);
    expect(myQuestTarget({ tab: 'offer', ref: thread })).toBe(`/offers/${toBase64Url(thread)}`);
  });

  it('open the tab with the review dialog for leavefeedback, and the tab alone without a usable ref', () => {
    expect(myQuestTarget({ tab: 'buying', ref: 'x', leaveFeedback: 'R0123456789C' })).toBe(
      '/myquest/buying?leavefeedback=R0123456789C',
    );
    expect(myQuestTarget({ tab: 'selling' })).toBe('/myquest/selling');
    expect(myQuestTarget({ tab: 'offers', ref: 'not a key!' })).toBe('/myquest/offers');
    expect(myQuestTarget({ tab: 'nonsense', ref: 'T0123456789A' })).toBe('/myquest');
    expect(myQuestTarget({ tab: null })).toBe('/myquest');
  });
});
