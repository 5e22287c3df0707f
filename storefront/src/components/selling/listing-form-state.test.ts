import type { CategoryNode, ListingDetail } from '@yardly/shared/contract';
import { listingRuleMessages } from '@yardly/shared/rules';
import { describe, expect, it } from 'vitest';
import {
  categoryFlags,
  emptyValues,
  ruleViolations,
  toRequest,
  validate,
  valuesFromListing,
} from './listing-form-state';

const DRAFT = 'D0000000000A';

function node(
  refnum: string,
  title: string,
  flags: Partial<CategoryNode> = {},
  subs: CategoryNode[] = [],
): CategoryNode {
  return {
    categoryRefnum: refnum,
    categoryTitle: title,
    slug: title.toLowerCase(),
    shortcut: false,
    donationAllowed: false,
    restrictedElectronics: false,
    listingCount: 0,
    subCategories: subs,
    ...flags,
  };
}

// Titles that the old title lists never named: only the flags can switch the rules on.
const tree = [
  node('C0000000000A', 'Giveaways', { donationAllowed: true }, [node('C0000000000B', 'Anything')]),
  node('C0000000000C', 'Gadgets', {}, [
    node('C0000000000D', 'Pocket computers', { restrictedElectronics: true }),
    node('C0000000000E', 'Cables'),
  ]),
];

const filled = {
  ...emptyValues('10001'),
  listingTitle: 'Phone',
  listingDescription: 'Works.',
  topCategory: 'C0000000000C',
  categoryRefnum: 'C0000000000E',
  condition: 'used' as const,
  price: '45',
  weight: '1',
};

describe('the sell form sends the price in cents', () => {
  it('turns the dollars typed into integer cents', () => {
    expect(toRequest({ ...filled, price: '45' }, DRAFT, false).listingPrice).toBe(4500);
    expect(toRequest({ ...filled, price: '45.5' }, DRAFT, false).listingPrice).toBe(4550);
    expect(toRequest({ ...filled, price: '0' }, DRAFT, false).listingPrice).toBe(0);
  });

  it('says the same price messages as before for what is not a price', () => {
    const context = { draftRefnum: DRAFT, draft: true, tree, sellerHasVerifiedWorkEmail: false };
    expect(validate({ ...filled, price: '12.345' }, context).listingPrice).toBe(listingRuleMessages.invalidPrice);
    expect(validate({ ...filled, price: '' }, context).listingPrice).toBe(listingRuleMessages.invalidPrice);
    expect(validate({ ...filled, price: '-5' }, context).listingPrice).toBe(listingRuleMessages.invalidPrice);
    expect(validate({ ...filled, price: '100001' }, context).listingPrice).toBe(listingRuleMessages.priceTooHigh);
    expect(validate({ ...filled, price: '100000' }, context).listingPrice).toBeUndefined();
  });
});

describe('the edit form', () => {
  it('takes the condition code and shows the price in dollars', () => {
    const listing = { conditionCode: 'open_box', condition: 'Open Box', listingCurrentPrice: 4550 } as ListingDetail;
    const values = valuesFromListing({ ...listing, properties: {}, weightLbs: 1 } as ListingDetail);
    expect(values.condition).toBe('open_box');
    expect(values.price).toBe('45.5');
  });
});

describe('the rules read the category flags', () => {
  it('reads a flag from the category or its subcategory', () => {
    expect(categoryFlags(tree, 'C0000000000A', 'C0000000000B')).toEqual({
      donationAllowed: true,
      restrictedElectronics: false,
    });
    expect(categoryFlags(tree, 'C0000000000C', 'C0000000000D')).toEqual({
      donationAllowed: false,
      restrictedElectronics: true,
    });
  });

  it('restricts used items in a flagged subcategory and allows donations in a flagged category', () => {
    const restricted = { ...filled, categoryRefnum: 'C0000000000D' };
    expect(ruleViolations(restricted, tree, false).map((v) => v.message)).toEqual([
      listingRuleMessages.restrictedLocalOnly,
      listingRuleMessages.restrictedNeedsWorkEmail,
    ]);
    expect(ruleViolations(filled, tree, false)).toEqual([]);
    const donation = { ...filled, donation: true, price: '0', shippable: false };
    expect(
      ruleViolations({ ...donation, topCategory: 'C0000000000A', categoryRefnum: 'C0000000000B' }, tree, false),
    ).toEqual([]);
    expect(ruleViolations(donation, tree, false)).toEqual([
      { field: 'categoryRefnum', message: listingRuleMessages.donationCategory },
    ]);
  });
});

describe('the sell form in an organisation’s marketplace', () => {
  it('sends its orgRefnum, and none on the public marketplace', () => {
    expect(toRequest(filled, DRAFT, false, 'G0123456789A').orgRefnum).toBe('G0123456789A');
    expect(toRequest(filled, DRAFT, false)).not.toHaveProperty('orgRefnum');
    expect(toRequest(filled, DRAFT, false, null)).not.toHaveProperty('orgRefnum');
  });
});
