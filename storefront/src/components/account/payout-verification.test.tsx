// @vitest-environment happy-dom
import type { BankAccount, PayoutAccountAnswer } from '@yardly/shared/contract';
import { payoutAccountMessages } from '@yardly/shared/rules';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $toast } from '../../stores/toast';
import { fakeApi } from '../../test/fake-api';
import { cleanUpRender } from '../../test/rendered';
import { BankAccountSettings } from './BankAccountSettings';

// The end-to-end journeys run the built-in test provider, where there is nothing to verify: the
// Stripe states of the bank-account tab are covered here, the page rendered in happy-dom with the
// real client, its calls answered by a fake api in the contract's envelope.

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

const BANK: BankAccount = { accountHolder: 'Sam Seller', routingNumber: '011000015', accountNumberMasked: '****6789' };
const status = (change: Partial<PayoutAccountAnswer>): PayoutAccountAnswer => ({
  status: 'action_required',
  requirements: [],
  message: payoutAccountMessages.actionRequired,
  ...change,
});

let root: Root;
let host: HTMLElement;

/** The tab's api: a bank account (or none), an empty balance, and the payout account's status. */
function api(account: PayoutAccountAnswer | (() => PayoutAccountAnswer), bank: BankAccount | null = BANK) {
  return fakeApi({
    'GET /account/bankAccount': () => ({ data: bank }),
    'GET /payouts/balance': () => ({ data: { pending: 0, available: 1700, paidOut: 0 } }),
    'GET /payouts/entries': () => ({ data: { docs: [], totalElements: 0, number: 0, size: 10 } }),
    'GET /payouts/account': () => ({ data: typeof account === 'function' ? account() : account }),
    'POST /payouts/account/onboarding': () => ({ data: { url: 'https://connect.stripe.com/setup/c/acct_1/abc' } }),
  });
}

async function render() {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root.render(<BankAccountSettings />));
  // The tab's reads settle: the bank account, then the balance and the status.
  await act(async () => {
    await new Promise((done) => setTimeout(done, 0));
  });
}

const button = (name: string) => [...host.querySelectorAll('button')].find((b) => b.textContent === name);
const payouts = () => host.querySelector('.payout-verification');

beforeEach(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  window.history.replaceState(null, '', '/settings/bank-account');
});
afterEach(() => cleanUpRender(root, host));

describe('Payouts on the bank account tab (Stripe Connect)', () => {
  it('asks an unverified seller to verify, in plain words, and sends them to Stripe', async () => {
    const calls = api(status({ requirements: ['individual.dob.day', 'individual.dob.month', 'tos_acceptance.date'] }));
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, href: window.location.href });
    await render();
    expect(payouts()?.querySelector('h3')?.textContent).toBe('Payouts');
    expect(payouts()?.textContent).toContain(payoutAccountMessages.actionRequired);
    expect(payouts()?.textContent).toContain('Stripe asks for your date of birth, accepting Stripe’s terms.');
    await act(async () => button('Verify with Stripe')?.click());
    expect(calls.to('POST', '/payouts/account/onboarding')).toHaveLength(1);
    expect(assign).toHaveBeenCalledWith('https://connect.stripe.com/setup/c/acct_1/abc');
  });

  it('shows pending and verified without a button', async () => {
    for (const answer of [
      status({ status: 'pending', message: payoutAccountMessages.pending }),
      status({ status: 'verified', message: payoutAccountMessages.verified }),
    ]) {
      api(answer);
      await render();
      expect(payouts()?.textContent).toContain(answer.message);
      expect(button('Verify with Stripe')).toBeUndefined();
      await act(async () => root.unmount());
      host.remove();
    }
    await render(); // what afterEach unmounts
  });

  it('reads the status again back from Stripe, and leaves the address clean', async () => {
    let answer = status({ status: 'pending', message: payoutAccountMessages.pending });
    const calls = api(() => answer);
    window.history.replaceState(null, '', '/settings/bank-account?onboarding=return');
    answer = status({ status: 'verified', message: payoutAccountMessages.verified });
    await render();
    expect(calls.to('GET', '/payouts/account')).toHaveLength(1);
    expect(payouts()?.textContent).toContain(payoutAccountMessages.verified);
    expect(window.location.search).toBe('');
  });

  it("shows the api's refusal when no link can be made, and keeps the button", async () => {
    fakeApi({
      'GET /account/bankAccount': () => ({ data: BANK }),
      'GET /payouts/balance': () => ({ data: { pending: 0, available: 0, paidOut: 0 } }),
      'GET /payouts/entries': () => ({ data: { docs: [], totalElements: 0, number: 0, size: 10 } }),
      'GET /payouts/account': () => ({ data: status({}) }),
      'POST /payouts/account/onboarding': () => ({
        status: 502,
        msg: 'The payment service did not answer; try again in a minute',
      }),
    });
    await render();
    await act(async () => button('Verify with Stripe')?.click());
    expect($toast.get()).toMatchObject({
      kind: 'error',
      message: 'The payment service did not answer; try again in a minute',
    });
    expect(button('Verify with Stripe')?.disabled).toBe(false);
  });

  it('shows nothing with the test provider, nor without a bank account', async () => {
    api(status({ status: 'not_needed', message: payoutAccountMessages.notNeeded }));
    await render();
    expect(host.textContent).toContain('Account holder');
    expect(payouts()).toBeNull();
    await act(async () => root.unmount());
    host.remove();

    const calls = api(status({ status: 'no_bank_account', message: payoutAccountMessages.noBankAccount }), null);
    await render();
    expect(payouts()).toBeNull();
    expect(calls.to('GET', '/payouts/account')).toHaveLength(0);
  });
});
