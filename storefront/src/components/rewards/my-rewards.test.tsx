// @vitest-environment happy-dom
import type { RewardsSummary } from '@yardly/shared/contract';
import { GIFT_CARD_TEXT, rewardMessages, walletMessages } from '@yardly/shared/rules';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { cleanUpRender, click, settled } from '../../test/rendered';
import { MyRewardsPage } from './MyRewardsPage';

// /myrewards rendered in happy-dom with the real client and a fake api: the totals, the history
// by page, the friends, the invite form's three outcomes and the cash-out (the ACH popup).

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

await vi.hoisted(async () => {
  const { storeLoginData } = await import('../../test/login-data');
  storeLoginData();
});

const entry = (n: number) => ({
  amount: n === 3 ? -500 : 500,
  description: n === 3 ? 'Reward reversed: Cy D.' : `Bo K. posted their first listing (${n})`,
  at: `2026-11-${String(10 + n).padStart(2, '0')}T10:00:00.000Z`,
});

function summary(page: number): RewardsSummary {
  const all = Array.from({ length: 12 }, (_, i) => entry(12 - i));
  return {
    balance: 1500,
    pending: 500,
    lifetime: 2000,
    entries: { content: all.slice(page * 10, page * 10 + 10), number: page, size: 10, totalElements: 12 },
    referrals: [
      { friendName: 'Bo K.', status: 'rewarded' },
      { friendName: 'cy@example.com', status: 'invited' },
    ],
  };
}

let root: Root;
let host: HTMLElement;
let replace: ReturnType<typeof vi.fn>;

async function render() {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root.render(<MyRewardsPage />));
  await settled(() => host.textContent?.includes('Lifetime') ?? false);
}

function button(name: string): HTMLButtonElement | undefined {
  return [...host.querySelectorAll('button')].find((b) => b.textContent?.trim() === name);
}

async function type(input: HTMLInputElement, text: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** The invite form on the page (not the popup's). */
function inviteInput(): HTMLInputElement {
  const input = host.querySelector<HTMLInputElement>('.invite-form input[type="email"]');
  if (!input) throw new Error('no invite form');
  return input;
}

beforeEach(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL('http://127.0.0.1:3000/myrewards');
  replace = vi.spyOn(window.location, 'replace').mockImplementation(() => undefined) as never;
  // The reward card was seen for everything up to the newest entry, unless a test says otherwise.
  localStorage.setItem('yardly.rewardSeen.U0123456789A', '2026-11-22T10:00:00.000Z');
});
afterEach(() => cleanUpRender(root, host));

describe('my rewards', () => {
  it('shows the balance, pending and lifetime in dollars, the history by page and the friends', async () => {
    const api = fakeApi({ 'GET /rewards': (call) => ({ data: summary(call.path.includes('page=1') ? 1 : 0) }) });
    await render();
    expect(replace).not.toHaveBeenCalled();
    const totals = [...host.querySelectorAll('.rewards-totals__item')].map((t) => t.textContent);
    expect(totals).toEqual([
      'Balance$15.00Ready to spend',
      'Pending$5.00Held 72 hours after a first listing, or for review',
      'Lifetime$20.00Everything you earned',
    ]);
    const lines = () => [...host.querySelectorAll('.rewards-history li')].map((li) => li.textContent);
    expect(lines()).toHaveLength(10);
    expect(lines()[0]).toBe('Bo K. posted their first listing (12)22 Nov 2026+$5.00');
    expect(lines()).toContain('Reward reversed: Cy D.13 Nov 2026-$5.00');
    expect([...host.querySelectorAll('.rewards-friends li')].map((li) => li.textContent)).toEqual([
      'Bo K.Rewarded',
      'cy@example.comInvited',
    ]);
    expect(api.calls.map((c) => c.path)).toEqual(['/rewards?page=0&size=10']);

    await click(host.querySelector<HTMLAnchorElement>('a[aria-label="Page 2"]') ?? undefined);
    await settled(() => host.textContent?.includes('(1)') ?? false);
    expect(lines()).toHaveLength(2);
    expect(api.calls.at(-1)?.path).toBe('/rewards?page=1&size=10');
    expect(window.location.search).toBe('?page=2');
  });

  it('says an empty or bad address is not valid, without asking the api', async () => {
    const api = fakeApi({ 'GET /rewards': () => ({ data: summary(0) }) });
    await render();
    await click(button('Send invite'));
    expect(host.querySelector('.invite-form')?.textContent).toContain(rewardMessages.invalidEmail);
    await type(inviteInput(), 'not-an-email');
    await click(button('Send invite'));
    expect(host.querySelector('.invite-form')?.textContent).toContain(rewardMessages.invalidEmail);
    expect(api.to('POST', '/referral/invite-email')).toHaveLength(0);
  });

  it("shows the api's refusal as it says it", async () => {
    fakeApi({
      'GET /rewards': () => ({ data: summary(0) }),
      'POST /referral/invite-email': () => ({ status: 409, msg: rewardMessages.alreadyMember }),
    });
    await render();
    await type(inviteInput(), 'bo@example.com');
    await click(button('Send invite'));
    await settled(() => host.querySelector('.form-alert') !== null);
    expect(host.querySelector('.form-alert')?.textContent).toBe(rewardMessages.alreadyMember);
    expect(button('Refer again')).toBeUndefined();
  });

  it('sends the invite, says so, and offers to refer again', async () => {
    const api = fakeApi({
      'GET /rewards': () => ({ data: summary(0) }),
      'POST /referral/invite-email': () => ({ data: { success: true } }),
    });
    await render();
    await type(inviteInput(), ' dee@example.com ');
    await click(button('Send invite'));
    await settled(() => button('Refer again') !== undefined);
    expect(api.to('POST', '/referral/invite-email').map((c) => c.body)).toEqual([{ email: 'dee@example.com' }]);
    expect(host.querySelector('.invite-form [role="status"]')?.textContent).toBe('Invite sent to dee@example.com');
    // The friends list is read again, with the new invitation.
    expect(api.to('GET', '/rewards?page=0&size=10').length).toBeGreaterThanOrEqual(2);

    await click(button('Refer again'));
    expect(inviteInput().value).toBe('');
  });

  it('cashes the balance out through the ACH popup to the bank account on file', async () => {
    const api = fakeApi({
      'GET /rewards': () => ({ data: summary(0) }),
      'GET /account/bankAccount': () => ({
        data: { accountHolder: 'Ann Lee', routingNumber: '011000015', accountNumberMasked: '****6789' },
      }),
      'POST /rewards/cash-out': () => ({ data: { cashedOut: 1500, balance: 0, accountNumberMasked: '****6789' } }),
    });
    await render();
    await click(button('Cash out'));
    const popup = () => host.querySelector<HTMLDialogElement>('dialog.ach-popup');
    await settled(() => popup() !== null);
    expect(popup()?.textContent).toContain('****6789');
    expect(popup()?.textContent).not.toContain(GIFT_CARD_TEXT);
    await click(button('Prefer a gift card?'));
    expect(popup()?.textContent).toContain(GIFT_CARD_TEXT);
    await click(button('Transfer $15.00 to my bank'));
    await settled(() => popup()?.textContent?.includes('is on its way') ?? false);
    expect(popup()?.textContent).toContain('$15.00 is on its way to your bank account ****6789');
    expect(api.to('POST', '/rewards/cash-out')).toHaveLength(1);
    await click(host.querySelector<HTMLButtonElement>('dialog.ach-popup .auth-dialog__close') ?? undefined);
  });

  it('hides the bank part without a bank account on file, links to add one, and shows the gift-card alternative', async () => {
    const api = fakeApi({
      'GET /rewards': () => ({ data: summary(0) }),
      'GET /account/bankAccount': () => ({ data: null }),
    });
    await render();
    await click(button('Cash out'));
    const popup = () => host.querySelector<HTMLDialogElement>('dialog.ach-popup');
    await settled(() => popup() !== null);
    expect(popup()?.textContent).toContain(walletMessages.noBankAccount);
    expect(popup()?.querySelector('a[href="/settings/bank-account"]')).not.toBeNull();
    expect(popup()?.textContent).toContain(GIFT_CARD_TEXT);
    expect(button('Transfer $15.00 to my bank')).toBeUndefined();
    expect(api.to('POST', '/rewards/cash-out')).toHaveLength(0);
    await click(host.querySelector<HTMLButtonElement>('dialog.ach-popup .auth-dialog__close') ?? undefined);
  });
});
