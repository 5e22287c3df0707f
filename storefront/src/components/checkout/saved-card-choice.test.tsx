// @vitest-environment happy-dom
import type { SavedCard } from '@yardly/shared/contract';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CardChoice } from '../../stores/checkout';
import { SavedCardChoice } from './SavedCardChoice';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

const card = (id: string, last4: string, exp: string, expired: boolean): SavedCard => ({
  id,
  brand: 'Visa',
  last4,
  expMonth: Number(exp.slice(0, 2)),
  expYear: 2000 + Number(exp.slice(3)),
  exp,
  expired,
});

let root: Root;
let host: HTMLElement;

beforeEach(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});
afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
});

/** Each radio with the text a person reads beside it (the bullets), whether it is chosen and can be. */
function radios() {
  return [...host.querySelectorAll<HTMLInputElement>('input[type=radio]')].map((input) => ({
    text: input.closest('label')?.textContent?.replace(/\s+/g, ' ').trim(),
    checked: input.checked,
    disabled: input.disabled,
  }));
}

describe('the saved cards at checkout', () => {
  it('show each card (an expired one shown, not selectable) and "Use a new card"', async () => {
    const onChange = vi.fn<(choice: CardChoice) => void>();
    const cards = [card('C1', '4242', '04/30', false), card('C2', '0005', '01/24', true)];
    await act(async () =>
      root.render(
        <SavedCardChoice cards={cards} value={{ kind: 'saved', cardId: 'C1' }} disabled={false} onChange={onChange} />,
      ),
    );
    expect(host.querySelector('legend')?.textContent).toBe('Pay with');
    expect(radios()).toEqual([
      { text: 'Visa ••••ending in 4242, exp. 04/30', checked: true, disabled: false },
      { text: 'Visa ••••ending in 0005, expired 01/24', checked: false, disabled: true },
      { text: 'Use a new card', checked: false, disabled: false },
    ]);
    // A screen reader hears 'ending in', not the bullets.
    expect(host.querySelector('[aria-hidden="true"]')?.textContent).toBe('••••');

    await act(async () => host.querySelectorAll<HTMLInputElement>('input[type=radio]')[2]?.click());
    expect(onChange).toHaveBeenLastCalledWith({ kind: 'new', save: false });
  });

  it('are all locked while the payment is on its way', async () => {
    await act(async () =>
      root.render(
        <SavedCardChoice
          cards={[card('C1', '4242', '04/30', false)]}
          value={{ kind: 'new', save: true }}
          disabled
          onChange={vi.fn()}
        />,
      ),
    );
    expect(radios().map((r) => r.disabled)).toEqual([true, true]);
    expect(radios().map((r) => r.checked)).toEqual([false, true]);
  });
});
