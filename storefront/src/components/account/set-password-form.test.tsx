// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { loginData } from '../../test/login-data';
import { SetPasswordForm } from './SetPasswordForm';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

let root: Root;
let host: HTMLElement;

beforeEach(async () => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});
afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
  vi.unstubAllGlobals();
});

const button = (text: string) => [...host.querySelectorAll('button')].find((b) => b.textContent === text);

async function typePassword(text: string) {
  const field = host.querySelector<HTMLInputElement>('input[type="password"]');
  if (!field) throw new Error('no password field');
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field, text);
    field.dispatchEvent(new Event('input', { bubbles: true }));
    field.dispatchEvent(new Event('blur', { bubbles: true }));
    field.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
  });
}

describe('Settings: Set a password (an account made by a code or social sign-in)', () => {
  it('opens a new-password form and sends POST /svc/account/setPassword {newPassword}', async () => {
    const api = fakeApi({ 'POST /account/setPassword': () => ({ data: loginData() }) });
    const onDone = vi.fn();
    await act(async () => root.render(<SetPasswordForm onDone={onDone} />));
    expect(host.querySelector('input[type="password"]')).toBeNull();
    await act(async () => button('Set a password')?.click());

    await typePassword('Yard!ly2024');
    await act(async () => button('Set password')?.click());
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(api.to('POST', '/account/setPassword')[0]?.body).toEqual({ newPassword: 'Yard!ly2024' });
    // Done: the button again (Settings reloads the profile and shows 'Change password').
    expect(button('Set a password')).toBeDefined();
  });

  it('a password that breaks the rules is not sent', async () => {
    const api = fakeApi({ 'POST /account/setPassword': () => ({ data: loginData() }) });
    await act(async () => root.render(<SetPasswordForm onDone={() => {}} />));
    await act(async () => button('Set a password')?.click());
    await typePassword('short');
    await act(async () => button('Set password')?.click());
    await vi.waitFor(() => expect(host.querySelector('[role="alert"], .field-error')).not.toBeNull());
    expect(api.to('POST', '/account/setPassword')).toEqual([]);
  });
});
