import { ApiError, createSession, MemoryStorage } from '@yardly/shared/client';
import { authMessages } from '@yardly/shared/rules';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loginData } from '../test/login-data';

const { api, session } = vi.hoisted(() => ({
  api: {
    auth: {
      isUserExist: vi.fn(),
      signup: vi.fn(),
      verifyEmail: vi.fn(),
      resendVerification: vi.fn(),
      login: vi.fn(),
    },
    account: { changePassword: vi.fn() },
  },
  session: { current: null as ReturnType<typeof createSession> | null },
}));
vi.mock('../lib/api', () => ({ browserApi: api }));
vi.stubGlobal('localStorage', new MemoryStorage());
vi.mock('./browser-session', () => {
  session.current = createSession({ storage: new MemoryStorage(), onStorageChange: null, reload: () => {} });
  return { browserSession: session.current };
});

const { changePassword, resendVerificationCode, signUp, verifyEmail } = await import('./auth');
const { $session } = await import('./session');

const body = { email: 'ann@example.com', password: 'Str0ng!pass', nameFirst: 'Ann', nameLast: 'Lee' };

describe('sign-in actions', () => {
  beforeEach(() => {
    for (const group of Object.values(api)) for (const fn of Object.values(group)) fn.mockReset();
    session.current?.clear();
  });

  it('checks the email before signing up, and signs up when it is free', async () => {
    api.auth.isUserExist.mockResolvedValue({ exists: false });
    api.auth.signup.mockResolvedValue({ verificationSent: true });
    await signUp(body);
    expect(api.auth.isUserExist).toHaveBeenCalledWith({ email: 'ann@example.com' });
    expect(api.auth.signup).toHaveBeenCalledWith(body);
  });

  it("answers the sign-up's reward message when a friend's link brought the person (issue 22)", async () => {
    const message = 'Bo invited you: post your first listing and you both get $5.00 in rewards.';
    api.auth.isUserExist.mockResolvedValue({ exists: false });
    api.auth.signup.mockResolvedValue({ verificationSent: true, signUpRewardMessage: message });
    expect(await signUp(body)).toBe(message);
    api.auth.signup.mockResolvedValue({ verificationSent: true });
    expect(await signUp(body)).toBeUndefined();
  });

  it('says a taken email is taken, on the email field, without signing up', async () => {
    api.auth.isUserExist.mockResolvedValue({ exists: true });
    const failure = await signUp(body).catch((cause: unknown) => cause);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).fieldMessage('email')).toBe(authMessages.emailTaken);
    expect(api.auth.signup).not.toHaveBeenCalled();
  });

  it('keeps the login data a verified code answers, and the header store shows it', async () => {
    api.auth.verifyEmail.mockResolvedValue(loginData());
    await verifyEmail({ email: 'ann@example.com', code: '123456' });
    expect(session.current?.$session.get()?.nameFirst).toBe('Ann');
    expect($session.get()?.nameFirst).toBe('Ann');
  });

  it("passes the sign-up's ticket with its code and with a resend, then forgets it (docs/decisions/0047)", async () => {
    const signupTicket = 'ticket-of-this-browser-0123456789';
    api.auth.isUserExist.mockResolvedValue({ exists: false });
    api.auth.signup.mockResolvedValue({ verificationSent: true, signupTicket });
    await signUp(body);
    await resendVerificationCode('Ann@example.com');
    expect(api.auth.resendVerification).toHaveBeenCalledWith({ email: 'Ann@example.com', signupTicket });
    api.auth.verifyEmail.mockResolvedValue(loginData());
    await verifyEmail({ email: 'ann@example.com', code: '123456' });
    expect(api.auth.verifyEmail).toHaveBeenCalledWith({ email: 'ann@example.com', code: '123456', signupTicket });
    await verifyEmail({ email: 'ann@example.com', code: '123456' });
    expect(api.auth.verifyEmail).toHaveBeenLastCalledWith({ email: 'ann@example.com', code: '123456' });
  });

  it('keeps the new tokens after a password change (the other sessions end)', async () => {
    session.current?.signIn(loginData());
    api.account.changePassword.mockResolvedValue(loginData({ token: 'access-2', refreshToken: 'refresh-2' }));
    await changePassword({ currentPassword: 'Str0ng!pass', newPassword: 'N3w!password' });
    expect(session.current?.hooks.refreshToken()).toBe('refresh-2');
  });
});
