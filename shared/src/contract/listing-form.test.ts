import { describe, expect, it } from 'vitest';
import { listingRuleMessages, MAX_PRICE_CENTS } from '../rules/listing-rules';
import { listingFormSchema } from './listings';

const form = {
  inputSourceRandomRefnum: 'D0000000000A',
  listingTitle: 'Blue mug',
  listingDescription: 'A sturdy mug.',
  categoryRefnum: 'C0000000000A',
  condition: 'used',
  listingPrice: 4500,
  weightLbs: 1,
  shippable: true,
  meetToDeliver: true,
  zip: '10001',
};

function priceErrors(listingPrice: unknown) {
  const parsed = listingFormSchema.safeParse({ ...form, listingPrice });
  return parsed.success ? [] : parsed.error.issues.filter((i) => i.path[0] === 'listingPrice').map((i) => i.message);
}

describe('listingFormSchema listingPrice: integer cents', () => {
  it('takes 4500 as $45.00, 0 and the highest price', () => {
    expect(priceErrors(4500)).toEqual([]);
    expect(priceErrors(0)).toEqual([]);
    expect(priceErrors(MAX_PRICE_CENTS)).toEqual([]);
  });

  it('refuses a fraction of a cent, a negative price and a missing one with the price message', () => {
    expect(priceErrors(45.5)).toEqual([listingRuleMessages.invalidPrice]);
    expect(priceErrors(-100)).toEqual([listingRuleMessages.invalidPrice]);
    expect(priceErrors(Number.NaN)).toEqual([listingRuleMessages.invalidPrice]);
    expect(priceErrors('45')).toEqual([listingRuleMessages.invalidPrice]);
  });

  it('refuses more than $100,000 with its message', () => {
    expect(priceErrors(MAX_PRICE_CENTS + 1)).toEqual([listingRuleMessages.priceTooHigh]);
    expect(listingRuleMessages.priceTooHigh).toBe('The price can be at most $100,000');
  });
});
