// @vitest-environment happy-dom
import type { SavedAddress } from '@yardly/shared/contract';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $toast } from '../../stores/toast';
import { fakeApi } from '../../test/fake-api';
import { cleanUpRender, settled } from '../../test/rendered';
import { ConfirmDonationPage } from './ConfirmDonationPage';
import { DONOR, donationOrder, LISTING, RECIPIENT } from './donation-order-fixture';

// The donation confirmation page rendered in happy-dom with the real client, its calls answered
// by a fake api in the contract's envelope: the unhappy paths the journey does not walk.

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

// The donor is signed in before the page's modules load: the browser session reads the stored
// login data once, when the api client (lib/api.ts) is imported.
await vi.hoisted(async () => {
  const { storeLoginData } = await import('../../test/login-data');
  storeLoginData();
});

const QUERY = `?listingRefnum=${LISTING}&donarRefnum=${DONOR}&recipientRefnum=${RECIPIENT}&itemZip=10001`;

function address(id: string, zip: string): SavedAddress {
  return {
    id,
    userId: DONOR,
    firstName: 'Ann',
    lastName: 'Tester',
    line1: `${id.slice(-1)} Elm St`,
    line2: null,
    city: 'Somewhere',
    state: 'NY',
    zip,
    phoneNo: '5551234567',
    primary: false,
  };
}

let root: Root;
let host: HTMLElement;
let replace: ReturnType<typeof vi.fn>;
let assign: ReturnType<typeof vi.fn>;

async function render() {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root.render(<ConfirmDonationPage />));
  // The session loads (a dynamic import), then the order and the addresses.
  await settled(() => !host.querySelector('[role="status"].spinner') || replace.mock.calls.length > 0);
}

function button(name: string): HTMLButtonElement | undefined {
  return [...host.querySelectorAll('button')].find((b) => b.textContent === name);
}

async function click(element: HTMLElement | undefined) {
  if (!element) throw new Error('nothing to click');
  await act(async () => element.click());
  for (let i = 0; i < 5; i++) await act(async () => new Promise((resolve) => setTimeout(resolve, 5)));
}

function headings(): string[] {
  return [...host.querySelectorAll('h1, h2')].map((h) => h.textContent ?? '');
}

beforeEach(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(
    `http://127.0.0.1:3000/confirm-donation${QUERY}`,
  );
  replace = vi.spyOn(window.location, 'replace').mockImplementation(() => undefined) as never;
  assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined) as never;
});
afterEach(() => cleanUpRender(root, host));

describe('the donation confirmation page', () => {
  it('goes home when the order check answers 401', async () => {
    fakeApi({ 'GET /donations': () => ({ status: 401, msg: 'Log in to continue' }) });
    await render();
    expect(replace).toHaveBeenCalledWith('/');
  });

  it("says 'There was an error fetching ther order details, please try again' for any other failure", async () => {
    const api = fakeApi({ 'GET /donations': () => ({ status: 404, msg: 'There is no donation order for this item' }) });
    await render();
    expect(host.textContent).toContain('There was an error fetching ther order details, please try again');
    expect(api.to('GET', '/account/fetchAddresses')).toEqual([]);
    expect(replace).not.toHaveBeenCalled();
  });

  it('says so when the addresses cannot be fetched', async () => {
    fakeApi({
      'GET /donations': () => ({ data: donationOrder() }),
      'GET /account/fetchAddresses': () => ({ status: 500, msg: 'Something went wrong' }),
    });
    await render();
    expect($toast.get()).toMatchObject({
      kind: 'error',
      message: 'There was an error fetching your addresses, please try again',
    });
    expect(host.textContent).toContain('There was an error fetching your addresses, please try again');
  });

  it("heads the form 'Enter your pickup address' with no address, and shows it on the page", async () => {
    fakeApi({
      'GET /donations': () => ({ data: donationOrder() }),
      'GET /account/fetchAddresses': () => ({ data: [] }),
    });
    await render();
    expect(headings()).toEqual(['Donation Confirmation', 'Enter your pickup address']);
    expect(host.querySelector('input[name="zip"]')).not.toBeNull();
    expect(button('Back')).toBeDefined();
  });

  it("hides add-new at 4 addresses; none chosen warns 'Select an address', a wrong zip errs, nothing is sent", async () => {
    const api = fakeApi({
      'GET /donations': () => ({ data: donationOrder() }),
      'GET /account/fetchAddresses': () => ({
        data: [
          address('A0000000000A', '02108'),
          address('A0000000000B', '10001'),
          address('A0000000000C', '10002'),
          address('A0000000000D', '10003'),
        ],
      }),
    });
    await render();
    expect(headings()).toEqual(['Donation Confirmation']);
    expect(button('Add New Address')).toBeUndefined();

    await click(button('Confirm pickup address'));
    expect($toast.get()).toMatchObject({ kind: 'warning', message: 'Select an address' });

    const boston = host.querySelector<HTMLInputElement>('input[value="A0000000000A"]');
    await click(boston ?? undefined);
    await click(button('Confirm pickup address'));
    expect($toast.get()).toMatchObject({ kind: 'error', message: 'Please select an address at zip code 10001' });
    expect(api.to('POST', '/donations/confirm')).toEqual([]);
  });

  it("asks 'The address is not saved. Do you want to select another address?' when an address is chosen over a changed add-new form", async () => {
    fakeApi({
      'GET /donations': () => ({ data: donationOrder() }),
      'GET /account/fetchAddresses': () => ({
        data: [address('A0000000000A', '02108'), address('A0000000000B', '10001')],
      }),
    });
    await render();
    const radio = (id: string) => host.querySelector<HTMLInputElement>(`input[value="${id}"]`) ?? undefined;
    const line1 = () => host.querySelector<HTMLInputElement>('input[name="line1"]');
    const prompt = () =>
      [...document.querySelectorAll('dialog')].find((d) => d.textContent?.includes('select another'));
    await click(radio('A0000000000A'));
    await click(button('Add New Address'));
    // Beside the addresses, in the page: untouched, choosing another address just leaves it.
    expect(line1()).not.toBeNull();
    await click(radio('A0000000000B'));
    expect(line1()).toBeNull();
    expect(radio('A0000000000B')?.checked).toBe(true);

    await click(button('Add New Address'));
    await act(async () => {
      const field = line1();
      if (!field) throw new Error('no address line 1');
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field, '350 5th Ave');
      field.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await click(radio('A0000000000A'));
    expect(prompt()?.textContent).toContain('The address is not saved. Do you want to select another address?');
    // No: the form and what it holds stay, the choice too.
    await click([...(prompt()?.querySelectorAll('button') ?? [])].find((b) => b.textContent === 'No'));
    expect(prompt()).toBeUndefined();
    expect(line1()?.value).toBe('350 5th Ave');
    expect(radio('A0000000000A')?.checked).toBe(false);
    expect(radio('A0000000000B')?.checked).toBe(true);
    // Yes: the form goes, the address is chosen.
    await click(radio('A0000000000A'));
    await click([...(prompt()?.querySelectorAll('button') ?? [])].find((b) => b.textContent === 'Yes'));
    expect(prompt()).toBeUndefined();
    expect(line1()).toBeNull();
    expect(radio('A0000000000A')?.checked).toBe(true);
  });

  it("sends the spec's payload; a refusal with errors shows the first, one without shows the spec's words; success goes to the conversation", async () => {
    let answer: () => Parameters<typeof fakeApi>[0][string] extends (...a: never[]) => infer R ? R : never = () => ({
      status: 409,
      msg: 'Refused',
      errors: [
        { field: 'donarAddressId', message: 'This address was not found in your account' },
        { field: 'listingRefnum', message: 'second' },
      ],
    });
    const api = fakeApi({
      'GET /donations': () => ({ data: donationOrder() }),
      'GET /account/fetchAddresses': () => ({ data: [address('A0000000000B', '10001')] }),
      'POST /donations/confirm': () => answer(),
    });
    await render();
    expect(headings()).toEqual(['Donation Confirmation', 'Add pickup address']);
    await click(host.querySelector<HTMLInputElement>('input[value="A0000000000B"]') ?? undefined);

    await click(button('Confirm pickup address'));
    expect(api.to('POST', '/donations/confirm').map((c) => c.body)).toEqual([
      { listingRefnum: LISTING, donarRefnum: DONOR, recipientRefnum: RECIPIENT, donarAddressId: 'A0000000000B' },
    ]);
    expect($toast.get()).toMatchObject({ kind: 'error', message: 'This address was not found in your account' });

    answer = () => ({ status: 500, msg: 'Something went wrong' });
    await click(button('Confirm pickup address'));
    expect($toast.get()).toMatchObject({
      kind: 'error',
      message: 'There was an error confirming donation, please try again',
    });
    expect(assign).not.toHaveBeenCalled();

    answer = () => ({
      data: donationOrder({ state: 'pickupConfirmed', stateLabel: 'Pickup address confirmed', actions: [] }),
    });
    await click(button('Confirm pickup address'));
    expect(assign).toHaveBeenCalledWith(`/myquest/messages/${LISTING}_${DONOR}_${RECIPIENT}`);
  });
});
