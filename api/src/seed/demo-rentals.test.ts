import { DEFAULT_RENTAL_PROPERTIES, fairHousingFlags, MAX_RENTAL_TITLE_LENGTH } from '@yardly/shared/rules';
import { describe, expect, it } from 'vitest';
import { DEMO_PEOPLE } from './demo-people';
import { DEMO_RENTAL_COUNT, demoRentalPlans } from './demo-rentals';

const plans = demoRentalPlans();
const offered = (kind: keyof typeof DEFAULT_RENTAL_PROPERTIES) =>
  DEFAULT_RENTAL_PROPERTIES[kind].map((option) => option.value);

describe('demoRentalPlans()', () => {
  it('plans a few hundred places, the same on every run', () => {
    expect(plans).toHaveLength(DEMO_RENTAL_COUNT);
    expect(DEMO_RENTAL_COUNT).toBeGreaterThanOrEqual(200);
    expect(demoRentalPlans()).toEqual(plans);
  });

  it('lists them by every demo person, in their own zips', () => {
    expect(new Set(plans.map((p) => p.landlordSlug))).toEqual(new Set(DEMO_PEOPLE.map((p) => p.slug)));
    for (const plan of plans) expect(plan.zip).toBe(DEMO_PEOPLE.find((p) => p.slug === plan.landlordSlug)?.zip);
  });

  it('uses only the offered attributes, and fields the rental form would accept', () => {
    for (const plan of plans) {
      expect(offered('propertyType')).toContain(plan.propertyType);
      expect(offered('parking')).toContain(plan.parking);
      expect(offered('laundry')).toContain(plan.laundry);
      expect(offered('leaseMonths')).toContain(String(plan.leaseMonths));
      expect(plan.title.length).toBeLessThanOrEqual(MAX_RENTAL_TITLE_LENGTH);
      expect(Number.isInteger(plan.bathrooms * 2)).toBe(true);
      expect(plan.rentCents).toBeGreaterThan(0);
      expect(plan.photoCount).toBeGreaterThanOrEqual(1);
      expect(fairHousingFlags(`${plan.title} ${plan.description}`)).toEqual([]);
    }
  });

  it('mixes types, bedrooms, rents, pets and states', () => {
    const count = <T>(pick: (p: (typeof plans)[number]) => T) => new Set(plans.map(pick)).size;
    expect(count((p) => p.propertyType)).toBe(5);
    expect(count((p) => p.bedrooms)).toBeGreaterThanOrEqual(5);
    expect(plans.some((p) => p.bedrooms === 0)).toBe(true);
    const rents = plans.map((p) => p.rentCents);
    expect(Math.min(...rents)).toBeLessThan(100_000);
    expect(Math.max(...rents)).toBeGreaterThan(300_000);
    expect(plans.filter((p) => p.cats).length).toBeGreaterThan(50);
    expect(plans.filter((p) => p.dogs).length).toBeGreaterThan(30);
    expect(plans.filter((p) => p.state === 'rented').length).toBeGreaterThan(20);
    expect(plans.filter((p) => p.state === 'available').length).toBeGreaterThan(200);
    expect(plans.filter((p) => p.showStreet).length).toBeGreaterThan(50);
    expect(plans.filter((p) => !p.showStreet).length).toBeGreaterThan(50);
  });
});
