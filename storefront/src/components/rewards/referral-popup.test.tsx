// @vitest-environment happy-dom
import { COPY_LINK_MS } from '@yardly/shared/rules';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReferralPopup } from './ReferralPopup';

// The referral popup (spec section 2): step 1 with the link to copy ('Link copied' for 3 s) and
// share, step 2 'How does this work?' in four steps.

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

let root: Root;
let host: HTMLElement;
const onClose = vi.fn();

function button(name: string): HTMLButtonElement {
  const found = [...host.querySelectorAll('button')].find(
    (b) => (b.getAttribute('aria-label') ?? b.textContent?.trim()) === name,
  );
  if (!found) throw new Error(`no button ${name}`);
  return found;
}

async function render() {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () =>
    root.render(<ReferralPopup person={{ nameFirst: 'Ann', userRefnum: 'U0123456789A' }} onClose={onClose} />),
  );
}

beforeEach(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL('http://127.0.0.1:3000/myrewards');
});
afterEach(async () => {
  vi.useRealTimers();
  await act(async () => root.unmount());
  host.remove();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  onClose.mockReset();
});

describe('the referral popup', () => {
  it("copies the person's link and says 'Link copied' for 3 seconds", async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    await render();
    const link = host.querySelector<HTMLInputElement>('input[readonly]');
    expect(link?.value).toBe('http://127.0.0.1:3000/refer-a-friend/ann-U0123456789A');
    expect(host.querySelector('dialog h2')?.textContent).toBe('Invite friends');

    vi.useFakeTimers();
    await act(async () => button('Copy link').click());
    expect(writeText).toHaveBeenCalledWith('http://127.0.0.1:3000/refer-a-friend/ann-U0123456789A');
    const status = () => host.querySelector('.referral-popup__copied')?.textContent;
    expect(status()).toBe('Link copied');
    await act(async () => vi.advanceTimersByTime(COPY_LINK_MS - 1));
    expect(status()).toBe('Link copied');
    await act(async () => vi.advanceTimersByTime(1));
    expect(status()).toBe('');
  });

  it("shows 'How does this work?' in four steps, and goes back to the invite", async () => {
    await render();
    await act(async () => button('How does this work?').click());
    expect(host.querySelector('dialog h2')?.textContent).toBe('How does this work?');
    expect(host.querySelectorAll('.referral-popup__steps li')).toHaveLength(4);
    await act(async () => button('Back to invite').click());
    expect(host.querySelector('dialog h2')?.textContent).toBe('Invite friends');
    await act(async () => button('Close').click());
    expect(onClose).toHaveBeenCalledOnce();
  });
});
