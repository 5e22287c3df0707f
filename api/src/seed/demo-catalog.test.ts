import { describe, expect, it } from 'vitest';
import { catalogRuleViolations, type DemoListingSpec, demoCatalog, requiresLocalPickup } from './demo-catalog';
import { DEMO_PEOPLE } from './demo-people';
import { CONDITIONS, TAXONOMY } from './taxonomy';

const catalog = demoCatalog(240);
const countBy = (key: (s: DemoListingSpec) => string) => {
  const m = new Map<string, number>();
  for (const s of catalog) m.set(key(s), (m.get(key(s)) ?? 0) + 1);
  return m;
};

describe('demoCatalog(240)', () => {
  it('returns 240 listings that break no rule', () => {
    expect(catalog).toHaveLength(240);
    const problems = catalog.flatMap((s) => catalogRuleViolations(s).map((v) => `${s.title}: ${v}`));
    expect(problems).toEqual([]);
  });

  it('is deterministic', () => {
    expect(demoCatalog(240)).toEqual(catalog);
  });

  it('puts at least 8 listings in every category and one in every subcategory', () => {
    const perCategory = countBy((s) => s.categorySlug);
    const perSub = countBy((s) => s.subCategorySlug);
    for (const c of TAXONOMY) {
      expect(perCategory.get(c.slug) ?? 0, c.slug).toBeGreaterThanOrEqual(8);
      for (const sub of c.subCategories) expect(perSub.get(sub.slug) ?? 0, sub.slug).toBeGreaterThanOrEqual(1);
    }
  });

  it('has ≥ 15 free local-pickup items and ≥ 10 donations, only in the donation categories', () => {
    const free = catalog.filter((s) => s.priceCents === 0 && !s.isDonation);
    expect(free.length).toBeGreaterThanOrEqual(15);
    for (const s of free) expect([s.shippable, s.meetToDeliver]).toEqual([false, true]);

    const donations = catalog.filter((s) => s.isDonation);
    expect(donations.length).toBeGreaterThanOrEqual(10);
    const donationSlugs = TAXONOMY.filter((c) => c.donationAllowed).map((c) => c.slug);
    expect(donationSlugs.sort()).toEqual(['books-and-stationery', 'clothing-and-shoes']);
    for (const s of donations) {
      expect(donationSlugs).toContain(s.categorySlug);
      expect(s.priceCents).toBe(0);
    }
  });

  it('keeps restricted used electronics local pickup only, sold by verified sellers', () => {
    const restricted = catalog.filter((s) => requiresLocalPickup(s.categorySlug, s.subCategorySlug, s.condition));
    expect(restricted.length).toBeGreaterThan(0);
    const verified = new Set(DEMO_PEOPLE.filter((p) => p.isProfessionVerified).map((p) => p.slug));
    for (const s of restricted) {
      expect([s.shippable, s.meetToDeliver, s.offerFreeDelivery]).toEqual([false, true, false]);
      expect(verified.has(s.sellerSlug), s.sellerSlug).toBe(true);
    }
  });

  it('spreads conditions, photo counts and sellers, with realistic prices, weights and ages', () => {
    expect([...countBy((s) => s.condition).keys()].sort()).toEqual([...CONDITIONS].sort());
    expect([...countBy((s) => String(s.photoCount)).keys()].sort()).toEqual(['1', '2', '3', '4']);
    expect(countBy((s) => s.sellerSlug).size).toBe(DEMO_PEOPLE.length);
    for (const s of catalog) {
      expect(Number.isInteger(s.priceCents)).toBe(true);
      expect(s.priceCents).toBeLessThan(500_000);
      expect(s.weightLbs).toBeGreaterThan(0);
      expect(s.weightLbs).toBeLessThanOrEqual(20);
      expect(s.ageDays).toBeGreaterThanOrEqual(0);
      expect(s.ageDays).toBeLessThanOrEqual(40);
    }
    // Some shipping, some local, some free shipping and buy-now, like a real marketplace.
    for (const flag of ['shippable', 'meetToDeliver', 'offerFreeDelivery', 'buyNow'] as const) {
      const n = catalog.filter((s) => s[flag]).length;
      expect(n, flag).toBeGreaterThan(20);
      expect(n, flag).toBeLessThan(220);
    }
  });

  it('writes 2-4 sentence descriptions and mostly distinct titles', () => {
    for (const s of catalog) {
      const sentences = s.description.split(/[.!?](?=\s|$)/).filter((x) => x.trim() !== '');
      expect(sentences.length, s.description).toBeGreaterThanOrEqual(2);
      expect(sentences.length, s.description).toBeLessThanOrEqual(4);
      expect(s.title).not.toMatch(/[{}|]/);
      expect(s.description).not.toMatch(/[{}|]/);
    }
    expect(new Set(catalog.map((s) => s.title)).size).toBeGreaterThan(200);
  });

  it('works for small and zero counts', () => {
    expect(demoCatalog(0)).toEqual([]);
    const small = demoCatalog(20);
    expect(small).toHaveLength(20);
    expect(small.flatMap(catalogRuleViolations)).toEqual([]);
    // The first listings already spread over the categories.
    expect(new Set(small.map((s) => s.categorySlug)).size).toBe(TAXONOMY.length);
  });
});

describe('catalogRuleViolations', () => {
  const base: DemoListingSpec = {
    title: 'Apple iPhone 12 64GB Blue',
    description: 'Unlocked. Works great.',
    categorySlug: 'electronics',
    subCategorySlug: 'cell-phones',
    condition: 'new',
    priceCents: 25_000,
    isDonation: false,
    weightLbs: 1,
    shippable: true,
    meetToDeliver: false,
    offerFreeDelivery: false,
    buyNow: true,
    sellerSlug: 'maria-lopez',
    photoCount: 2,
    palette: 'ocean-412',
    ageDays: 3,
    properties: { brand: 'Apple' },
  };

  it('accepts a valid listing', () => {
    expect(catalogRuleViolations(base)).toEqual([]);
  });

  it.each<[string, Partial<DemoListingSpec>]>([
    ['shipping a used phone', { condition: 'used' }],
    ['shipping a broken camera', { subCategorySlug: 'camera', condition: 'parts_not_working' }],
    [
      'a used phone from an unverified seller',
      { condition: 'used', shippable: false, meetToDeliver: true, sellerSlug: 'james-carter' },
    ],
    ['shipping a free item', { priceCents: 0, buyNow: false }],
    [
      'a donation outside the donation categories',
      { priceCents: 0, isDonation: true, shippable: false, meetToDeliver: true, buyNow: false },
    ],
    [
      'a paid donation',
      { categorySlug: 'books-and-stationery', subCategorySlug: 'fiction', isDonation: true, properties: {} },
    ],
    ['over 20 lbs', { weightLbs: 20.5 }],
    ['fractional cents', { priceCents: 1999.5 }],
    ['an unknown condition', { condition: 'refurbished' as DemoListingSpec['condition'] }],
    ['a subcategory of another category', { subCategorySlug: 'fiction' }],
    ['five photos', { photoCount: 5 as 4 }],
    ['no way to deliver', { shippable: false, meetToDeliver: false }],
    ['free delivery without shipping', { shippable: false, meetToDeliver: true, offerFreeDelivery: true }],
    ['a brand that is not in the list', { properties: { brand: 'Nokia' } }],
    ['an unknown seller', { sellerSlug: 'nobody' }],
    ['an age over 40 days', { ageDays: 41 }],
  ])('rejects %s', (_name, change) => {
    expect(catalogRuleViolations({ ...base, ...change })).not.toEqual([]);
  });

  it('lets new or like-new phones ship and non-restricted electronics ship when used', () => {
    expect(catalogRuleViolations({ ...base, condition: 'like_new' })).toEqual([]);
    expect(catalogRuleViolations({ ...base, subCategorySlug: 'wearables', condition: 'used' })).toEqual([]);
  });
});
