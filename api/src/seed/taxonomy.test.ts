import { MAX_WEIGHT_LBS } from '@yardly/shared/rules';
import { describe, expect, it } from 'vitest';
import { ITEM_TEMPLATES } from './item-templates';
import { CATEGORY_PROPERTIES, propertiesFor, TAXONOMY } from './taxonomy';

const byTitle = (title: string) => TAXONOMY.find((c) => c.title === title);

describe('TAXONOMY', () => {
  it('has the required categories, with 12-14 top categories of 4-10 subcategories each', () => {
    for (const title of [
      'Electronics',
      'Home Decor & Furniture',
      'Kitchen Appliances & Accessories',
      'Clothing and Shoes',
      'Books and Stationery',
    ]) {
      expect(byTitle(title), title).toBeDefined();
    }
    expect(TAXONOMY.length).toBeGreaterThanOrEqual(12);
    expect(TAXONOMY.length).toBeLessThanOrEqual(14);
    for (const c of TAXONOMY) {
      expect(c.subCategories.length, c.slug).toBeGreaterThanOrEqual(4);
      expect(c.subCategories.length, c.slug).toBeLessThanOrEqual(10);
    }
  });

  it('gives Electronics the subcategories named by the pickup rule', () => {
    const titles = byTitle('Electronics')?.subCategories.map((s) => s.title);
    expect(titles).toEqual(
      expect.arrayContaining([
        'Cell Phones',
        'Computers/Tablets/PC',
        'Audio',
        'Camera',
        'Camera Accessories',
        'TV & Video',
        'Video Games & Consoles',
        'Wearables',
      ]),
    );
  });

  it('marks the three shortcuts in home-page order and only the two donation categories', () => {
    expect(TAXONOMY.filter((c) => c.shortcut).map((c) => c.title)).toEqual([
      'Electronics',
      'Home Decor & Furniture',
      'Kitchen Appliances & Accessories',
    ]);
    expect(TAXONOMY.filter((c) => c.donationAllowed).map((c) => c.title)).toEqual([
      'Clothing and Shoes',
      'Books and Stationery',
    ]);
  });

  it('uses unique, URL-safe slugs everywhere', () => {
    const slugs = TAXONOMY.flatMap((c) => [c.slug, ...c.subCategories.map((s) => s.slug)]);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });
});

describe('CATEGORY_PROPERTIES', () => {
  it('has the common condition property with the five values', () => {
    expect(CATEGORY_PROPERTIES['*']).toEqual([
      { key: 'condition', label: 'Condition', values: ['New', 'Like New', 'Used', 'Open Box', 'Parts Not Working'] },
    ]);
  });

  it('has brand, size/gender, format and material where expected', () => {
    const values = (slug: string, key: string) => propertiesFor(slug).find((p) => p.key === key)?.values;
    expect(values('electronics', 'brand')).toEqual(expect.arrayContaining(['Apple', 'Samsung', 'Sony']));
    expect(values('clothing-and-shoes', 'size')).toEqual(expect.arrayContaining(['S', 'M', 'L']));
    expect(values('clothing-and-shoes', 'gender')).toEqual(expect.arrayContaining(['Women', 'Men']));
    expect(values('books-and-stationery', 'format')).toEqual(expect.arrayContaining(['Hardcover', 'Paperback']));
    expect(values('home-decor-furniture', 'material')).toEqual(expect.arrayContaining(['Wood', 'Metal']));
  });

  it('only refers to existing categories and has unique keys per category', () => {
    const slugs = new Set(TAXONOMY.map((c) => c.slug));
    for (const key of Object.keys(CATEGORY_PROPERTIES)) {
      if (key !== '*') expect(slugs.has(key), key).toBe(true);
    }
    for (const c of TAXONOMY) {
      const keys = propertiesFor(c.slug).map((p) => p.key);
      expect(new Set(keys).size, c.slug).toBe(keys.length);
    }
  });
});

describe('ITEM_TEMPLATES', () => {
  it('covers every subcategory and nothing else', () => {
    const subs = TAXONOMY.flatMap((c) => c.subCategories.map((s) => s.slug));
    for (const sub of subs) expect(ITEM_TEMPLATES[sub]?.length ?? 0, sub).toBeGreaterThan(0);
    expect(Object.keys(ITEM_TEMPLATES).sort()).toEqual([...subs].sort());
  });

  it('keeps every item sellable: weight ≤ 20 lbs, a price, valid properties', () => {
    for (const c of TAXONOMY) {
      const props = propertiesFor(c.slug);
      for (const sub of c.subCategories) {
        for (const t of ITEM_TEMPLATES[sub.slug] ?? []) {
          expect(t.w, t.t).toBeGreaterThan(0);
          expect(t.w, t.t).toBeLessThanOrEqual(MAX_WEIGHT_LBS);
          expect(t.p, t.t).toBeGreaterThan(0);
          for (const [key, value] of Object.entries(t.props ?? {})) {
            const prop = props.find((p) => p.key === key && p.key !== 'condition');
            expect(prop, `${t.t}: ${key}`).toBeDefined();
            for (const v of typeof value === 'string' ? [value] : value) {
              expect(prop?.values, `${t.t}: ${key}=${v}`).toContain(v);
            }
          }
        }
      }
    }
  });
});
