import { describe, expect, it } from 'vitest';
import zipcodes from 'zipcodes';
import { DEMO_PEOPLE } from './demo-people';

describe('DEMO_PEOPLE', () => {
  it('has about a dozen people with unique slugs and example.com emails', () => {
    expect(DEMO_PEOPLE.length).toBeGreaterThanOrEqual(10);
    expect(new Set(DEMO_PEOPLE.map((p) => p.slug)).size).toBe(DEMO_PEOPLE.length);
    expect(new Set(DEMO_PEOPLE.map((p) => p.email)).size).toBe(DEMO_PEOPLE.length);
    for (const p of DEMO_PEOPLE) expect(p.email).toMatch(/^[a-z.]+@example\.com$/);
  });

  it('uses names the sign-up form accepts (letters, spaces, dots; ≤ 20; first ≠ last)', () => {
    for (const p of DEMO_PEOPLE) {
      for (const name of [p.nameFirst, p.nameLast]) {
        expect(name).toMatch(/^[\p{L} .]{1,20}$/u);
      }
      expect(p.nameFirst.toLowerCase()).not.toBe(p.nameLast.toLowerCase());
    }
  });

  it('lives at real zip codes with coordinates, ≥ 10 zips in ≥ 6 states', () => {
    const states = new Set<string>();
    for (const p of DEMO_PEOPLE) {
      const z = zipcodes.lookup(p.zip);
      expect(z, p.zip).toBeDefined();
      expect(typeof z?.latitude, p.zip).toBe('number');
      expect(typeof z?.longitude, p.zip).toBe('number');
      if (z) states.add(z.state);
    }
    expect(new Set(DEMO_PEOPLE.map((p) => p.zip)).size).toBeGreaterThanOrEqual(10);
    expect(states.size).toBeGreaterThanOrEqual(6);
  });

  it('has some sellers with a verified work email (needed for local-only electronics)', () => {
    expect(DEMO_PEOPLE.filter((p) => p.isProfessionVerified).length).toBeGreaterThanOrEqual(2);
  });
});
