import { describe, expect, it } from 'vitest';
import { accessTokens, EXPIRY_LEEWAY_SECONDS } from './access-tokens';

describe('an access token at its end', () => {
  it('is served a few seconds after it (a call on its way), and refused past the leeway', async () => {
    let now = new Date('2026-11-28T12:00:00Z');
    const tokens = accessTokens(new TextEncoder().encode('a'.repeat(32)), 3, { now: () => now });
    const token = await tokens.issue({ id: 7, refnum: 'U0123456789A' }, 'session-1');
    const at = (seconds: number) => {
      now = new Date(Date.parse('2026-11-28T12:00:00Z') + seconds * 1000);
      return tokens.check(token);
    };
    expect(await at(2)).toMatchObject({ ok: true, claims: { userId: 7, sessionId: 'session-1' } });
    expect(await at(3 + EXPIRY_LEEWAY_SECONDS - 1)).toMatchObject({ ok: true });
    expect(await at(3 + EXPIRY_LEEWAY_SECONDS + 1)).toEqual({ ok: false, reason: 'expired' });
  });
});
