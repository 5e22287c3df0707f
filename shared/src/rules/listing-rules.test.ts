import { describe, expect, it } from 'vitest';
import {
  isRestrictedElectronics,
  type ListingRuleInput,
  listingRuleViolations,
  MAX_PHOTO_BYTES,
  photoRuleViolation,
} from './listing-rules';

const shippedLamp: ListingRuleInput = {
  weightLbs: 5,
  priceCents: 2500,
  isDonation: false,
  donationAllowed: false,
  restrictedElectronics: false,
  condition: 'used',
  shippable: true,
  meetToDeliver: false,
  sellerHasVerifiedWorkEmail: false,
};

const usedPhone: ListingRuleInput = {
  ...shippedLamp,
  restrictedElectronics: true,
  condition: 'used',
  shippable: false,
  meetToDeliver: true,
  sellerHasVerifiedWorkEmail: true,
};

describe('listingRuleViolations', () => {
  it('passes an ordinary shipped listing', () => {
    expect(listingRuleViolations(shippedLamp)).toEqual([]);
  });

  describe('weight', () => {
    it('allows exactly 20 lbs and no weight at all', () => {
      expect(listingRuleViolations({ ...shippedLamp, weightLbs: 20 })).toEqual([]);
      expect(listingRuleViolations({ ...shippedLamp, weightLbs: null })).toEqual([]);
      expect(listingRuleViolations({ ...shippedLamp, weightLbs: undefined })).toEqual([]);
    });

    it('refuses anything above 20 lbs', () => {
      expect(listingRuleViolations({ ...shippedLamp, weightLbs: 20.1 })).toEqual([
        { field: 'weightLbs', message: 'Items over 20 lbs cannot be listed' },
      ]);
    });

    it.each([-1, Number.NaN, Number.POSITIVE_INFINITY])('refuses the weight %d', (weightLbs) => {
      expect(listingRuleViolations({ ...shippedLamp, weightLbs })).toEqual([
        { field: 'weightLbs', message: 'Enter a valid weight in lbs' },
      ]);
    });
  });

  describe('free items', () => {
    it('allows a free item offered for local pickup only', () => {
      expect(listingRuleViolations({ ...shippedLamp, priceCents: 0, shippable: false, meetToDeliver: true })).toEqual(
        [],
      );
    });

    it('refuses shipping a free item', () => {
      expect(listingRuleViolations({ ...shippedLamp, priceCents: 0, meetToDeliver: true })).toEqual([
        { field: 'shippable', message: 'Free items can only be offered for local pickup' },
      ]);
    });

    it('refuses a free item with local pickup turned off', () => {
      expect(listingRuleViolations({ ...shippedLamp, priceCents: 0, shippable: false, meetToDeliver: false })).toEqual([
        { field: 'meetToDeliver', message: 'Free items can only be offered for local pickup' },
      ]);
    });

    it('lets a 1 cent item ship', () => {
      expect(listingRuleViolations({ ...shippedLamp, priceCents: 1 })).toEqual([]);
    });
  });

  describe('restricted electronics', () => {
    it('allows them for local pickup by a seller with a verified work email', () => {
      expect(listingRuleViolations(usedPhone)).toEqual([]);
    });

    it('refuses shipping them', () => {
      expect(listingRuleViolations({ ...usedPhone, shippable: true })).toEqual([
        {
          field: 'shippable',
          message:
            'Used, open box and parts-not-working electronics in this category can only be sold with local pickup',
        },
      ]);
    });

    it('needs a verified work email', () => {
      expect(listingRuleViolations({ ...usedPhone, sellerHasVerifiedWorkEmail: false })).toEqual([
        {
          field: 'sellerHasVerifiedWorkEmail',
          message:
            'Verify your work email in Account Settings to sell used, open box or parts-not-working electronics in this category',
        },
      ]);
    });

    it('reports both problems at once', () => {
      expect(
        listingRuleViolations({ ...usedPhone, shippable: true, sellerHasVerifiedWorkEmail: false }).map((v) => v.field),
      ).toEqual(['shippable', 'sellerHasVerifiedWorkEmail']);
    });

    it.each([
      [true, 'used', true],
      [true, 'open_box', true],
      [true, 'parts_not_working', true],
      [true, 'new', false],
      [true, 'like_new', false],
      [true, null, false],
      [true, '', false],
      [false, 'used', false],
      [false, 'parts_not_working', false],
    ] as const)(
      'a restricted-electronics flag %j with condition %j is restricted: %s',
      (flag, condition, restricted) => {
        expect(isRestrictedElectronics({ restrictedElectronics: flag, condition })).toBe(restricted);
      },
    );

    it('leaves new electronics free to ship without a work email', () => {
      expect(
        listingRuleViolations({ ...usedPhone, condition: 'new', shippable: true, sellerHasVerifiedWorkEmail: false }),
      ).toEqual([]);
    });
  });

  describe('donations', () => {
    const donation = { ...shippedLamp, isDonation: true, priceCents: 0, shippable: false, meetToDeliver: true };

    it('accepts a donation in a category that takes donations', () => {
      expect(listingRuleViolations({ ...donation, donationAllowed: true })).toEqual([]);
    });

    it('refuses a donation in a category that does not take them', () => {
      expect(listingRuleViolations({ ...donation, donationAllowed: false })).toEqual([
        {
          field: 'donationAllowed',
          message: 'Donations are accepted only in Clothing and Shoes and Books and Stationery',
        },
      ]);
    });

    it('does not limit the category of a sale', () => {
      expect(listingRuleViolations({ ...shippedLamp, donationAllowed: false })).toEqual([]);
    });
  });

  it('reports every broken rule together', () => {
    const everything: ListingRuleInput = {
      ...usedPhone,
      weightLbs: 25,
      priceCents: 0,
      isDonation: true,
      shippable: true,
      sellerHasVerifiedWorkEmail: false,
    };
    expect(listingRuleViolations(everything).map((v) => `${v.field}: ${v.message}`)).toEqual([
      'weightLbs: Items over 20 lbs cannot be listed',
      'shippable: Free items can only be offered for local pickup',
      'shippable: Used, open box and parts-not-working electronics in this category can only be sold with local pickup',
      'sellerHasVerifiedWorkEmail: Verify your work email in Account Settings to sell used, open box or parts-not-working electronics in this category',
      'donationAllowed: Donations are accepted only in Clothing and Shoes and Books and Stationery',
    ]);
  });
});

describe('photoRuleViolation', () => {
  const jpeg = { type: 'image/jpeg', size: 2_000_000 };

  it('accepts a JPG or PNG up to 10 MB while fewer than 4 photos are on the listing', () => {
    expect(photoRuleViolation(jpeg, 0)).toBeNull();
    expect(photoRuleViolation({ type: 'image/png', size: MAX_PHOTO_BYTES }, 3)).toBeNull();
    expect(photoRuleViolation({ type: 'IMAGE/JPEG', size: 1 }, 0)).toBeNull();
  });

  it('refuses a fifth photo', () => {
    expect(photoRuleViolation(jpeg, 4)).toBe('You can add up to 4 photos');
  });

  it.each(['image/gif', 'image/webp', 'image/heic', 'application/pdf', ''])('refuses the type %j', (type) => {
    expect(photoRuleViolation({ type, size: 1000 }, 0)).toBe('Photos must be JPG or PNG');
  });

  it('refuses a photo one byte over 10 MB', () => {
    expect(MAX_PHOTO_BYTES).toBe(10_485_760);
    expect(photoRuleViolation({ type: 'image/png', size: MAX_PHOTO_BYTES + 1 }, 0)).toBe(
      'Each photo must be 10 MB or smaller',
    );
  });
});
