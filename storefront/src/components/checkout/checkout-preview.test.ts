import { describe, expect, it } from 'vitest';
import { offerPriceIn, previewAmount } from './checkout-preview';

describe('the checkout’s amounts before the api priced a choice', () => {
  it('an accepted offer shipped by default: the offer’s price, the shipping by weight class and the total', () => {
    expect(
      previewAmount({
        itemPrice: 4000,
        delivery: { method: 'ship', priceCents: 899 },
        rewardsBalance: 0,
        useRewards: true,
      }),
    ).toEqual({ itemPrice: 4000, shipping: 899, rewards: 0, total: 4899 });
  });

  it('local pickup: price plus 0 shipping', () => {
    expect(
      previewAmount({
        itemPrice: 2500,
        delivery: { method: 'pickup', priceCents: 0 },
        rewardsBalance: 0,
        useRewards: true,
      }),
    ).toEqual({ itemPrice: 2500, shipping: 0, rewards: 0, total: 2500 });
  });

  it('takes the rewards off first as the api does, unless the buyer asked not to', () => {
    const base = { itemPrice: 2000, delivery: { method: 'pickup' as const, priceCents: 0 }, rewardsBalance: 500 };
    expect(previewAmount({ ...base, useRewards: true })).toEqual({
      itemPrice: 2000,
      shipping: 0,
      rewards: 500,
      total: 1500,
    });
    expect(previewAmount({ ...base, useRewards: false }).total).toBe(2000);
  });
});

describe('an offer’s price among the threads', () => {
  const offer = (offerRefnum: string, offerPrice: number) => ({ offerRefnum, offerPrice });
  it('is found in any thread, else null', () => {
    const threads = [{ offers: [offer('OA', 3000), offer('OB', 3500)] }] as never[];
    expect(offerPriceIn(threads, 'OB')).toBe(3500);
    expect(offerPriceIn(threads, 'OC')).toBeNull();
  });
});
