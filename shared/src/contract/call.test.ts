import { describe, expect, it } from 'vitest';
import { authCalls, credentialCalls } from './auth';
import { joinCalls } from './call';

describe('joinCalls', () => {
  it('puts maps side by side', () => {
    const joined = joinCalls(authCalls, credentialCalls);
    expect(joined.login).toBe(authCalls.login);
    expect(joined.changePassword).toBe(credentialCalls.changePassword);
  });

  it('refuses a name two maps both use', () => {
    expect(() => joinCalls(authCalls, { login: credentialCalls.changePassword })).toThrow(
      'Two call maps name a call "login"',
    );
  });
});
