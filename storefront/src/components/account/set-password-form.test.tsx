// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buttonNamed, domHost, inputLabelled, leaveField, typeInto } from '../../test/dom';
import { fakeApi } from '../../test/fake-api';
import { loginData } from '../../test/login-data';
import { SetPasswordForm } from './SetPasswordForm';

const dom = domHost();
beforeEach(() => dom.mount());
afterEach(async () => {
  await dom.unmount();
  vi.unstubAllGlobals();
});

const click = (text: string) => act(async () => buttonNamed(dom.host, text)?.click());

describe('Settings: Set a password (an account made by a code or social sign-in)', () => {
  it('opens a new-password form and sends POST /svc/account/setPassword {newPassword}', async () => {
    const api = fakeApi({ 'POST /account/setPassword': () => ({ data: loginData() }) });
    const onDone = vi.fn();
    await dom.render(<SetPasswordForm onDone={onDone} />);
    expect(dom.host.querySelector('input[type="password"]')).toBeNull();
    await click('Set a password');

    await typeInto(inputLabelled(dom.host, 'New password'), 'Yard!ly2024');
    await click('Set password');
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(api.to('POST', '/account/setPassword')[0]?.body).toEqual({ newPassword: 'Yard!ly2024' });
    // Done: the button again (Settings reloads the profile and shows 'Change password').
    expect(buttonNamed(dom.host, 'Set a password')).toBeDefined();
  });

  it('a password that breaks the rules is not sent', async () => {
    const api = fakeApi({ 'POST /account/setPassword': () => ({ data: loginData() }) });
    await dom.render(<SetPasswordForm onDone={() => {}} />);
    await click('Set a password');
    const field = inputLabelled(dom.host, 'New password');
    await typeInto(field, 'short');
    await leaveField(field);
    await click('Set password');
    await vi.waitFor(() => expect(dom.host.querySelector('[role="alert"], .field-error')).not.toBeNull());
    expect(api.to('POST', '/account/setPassword')).toEqual([]);
  });
});
