// @vitest-environment happy-dom

import { authMessages } from '@yardly/shared/rules';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $authDialog, type B2BSignup, closeAuthDialogs } from '../../stores/auth-dialog';
import { $signupRefusal } from '../../stores/signup-refusal';
import { fakeApi } from '../../test/fake-api';
import { SignupForm } from './SignupDialogs';

// The sign-up from an organisation's landing (issue 23, spec section 3: signup state isB2B and
// orgName): the landing's form always joins; the header's dialog there only with a work address.

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

const ACME: B2BSignup = {
  isB2B: true,
  orgName: 'acme',
  domains: ['acme.com'],
  emailHint: 'Use your @acme.com work email',
};
let root: Root;
let host: HTMLElement;

async function render(element: React.ReactElement) {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root.render(element));
}

function input(label: string): HTMLInputElement {
  const found = [...host.querySelectorAll('label')].find((l) => l.textContent?.startsWith(label));
  const field = found && host.querySelector<HTMLInputElement>(`#${CSS.escape(found.htmlFor)}`);
  if (!field) throw new Error(`no field ${label}`);
  return field;
}

async function type(field: HTMLInputElement, text: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field, text);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function signUpAs(email: string) {
  closeAuthDialogs();
  await type(input('First name'), 'Alice');
  await type(input('Last name'), 'Tester');
  await type(input('Email'), email);
  await type(input('Password'), 'Yard!ly2024');
  const submit = [...host.querySelectorAll('button')].find((b) => b.textContent === 'Sign up');
  await act(async () => submit?.click());
  await vi.waitFor(() => expect($authDialog.get()?.name).toBe('verify'));
}

function answering() {
  return fakeApi({
    'POST /users/isUserExist': () => ({ data: { exists: false } }),
    'POST /users/signup': (call) => ({
      data: {
        userRefnum: 'U0123456789A',
        nameFirst: 'Alice',
        email: (call.body as { email: string }).email,
        verificationSent: true,
        signupTicket: 'ticket-of-this-sign-up-0123456789',
      },
    }),
  });
}

beforeEach(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
});
afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
  vi.unstubAllGlobals();
});

describe('a sign-up from an organisation’s landing', () => {
  it('sends isB2B and orgName, says which address to use, and the code dialog carries them', async () => {
    const api = answering();
    await render(<SignupForm b2b={ACME} />);
    expect(host.textContent).toContain('Use your @acme.com work email');
    await signUpAs('alice@acme.com');
    expect(api.to('POST', '/users/signup')[0]?.body).toMatchObject({
      email: 'alice@acme.com',
      isB2B: true,
      orgName: 'acme',
    });
    expect($authDialog.get()).toMatchObject({ name: 'verify', email: 'alice@acme.com', b2b: ACME });
  });

  it('from the header’s dialog there: joins with a work address, signs up as usual with any other', async () => {
    const api = answering();
    await render(<SignupForm b2b={ACME} atItsDomainsOnly />);
    await signUpAs('bob@Acme.com');
    expect(api.to('POST', '/users/signup')[0]?.body).toMatchObject({ isB2B: true, orgName: 'acme' });
    await act(async () => root.unmount());
    host.remove();

    await render(<SignupForm b2b={ACME} atItsDomainsOnly />);
    await signUpAs('carol@example.com');
    const personal = api.to('POST', '/users/signup')[1]?.body as Record<string, unknown>;
    expect(personal).not.toHaveProperty('isB2B');
    expect(personal).not.toHaveProperty('orgName');
    expect($authDialog.get()).toMatchObject({ name: 'verify', b2b: undefined });
  });

  it('is an ordinary sign-up anywhere else', async () => {
    const api = answering();
    await render(<SignupForm />);
    await signUpAs('dan@acme.com');
    expect(api.to('POST', '/users/signup')[0]?.body).not.toHaveProperty('isB2B');
  });
});

describe("the signup state's errorCode", () => {
  it("keeps the refusal's 409 for the email: 'Log in' opens the log in with it and says why; another email drops it", async () => {
    fakeApi({ 'POST /users/isUserExist': () => ({ data: { exists: true } }) });
    await render(<SignupForm />);
    closeAuthDialogs();
    await type(input('First name'), 'Alice');
    await type(input('Last name'), 'Tester');
    await type(input('Email'), 'alice@example.com');
    await type(input('Password'), 'Yard!ly2024');
    const submit = [...host.querySelectorAll('button')].find((b) => b.textContent === 'Sign up');
    await act(async () => submit?.click());
    await vi.waitFor(() => expect($signupRefusal.get()).toEqual({ errorCode: 409, email: 'alice@example.com' }));

    const logIn = () => [...host.querySelectorAll('button')].find((b) => b.textContent === 'Log in');
    expect(host.querySelector('.field-error')?.textContent).toContain(authMessages.emailTaken);
    await act(async () => logIn()?.click());
    expect($authDialog.get()).toEqual({ name: 'login', email: 'alice@example.com', notice: authMessages.emailTaken });

    // Another email typed: the refusal was not about it, and the offer goes.
    await type(input('Email'), 'alicia@example.com');
    expect(logIn()).toBeUndefined();
  });
});
