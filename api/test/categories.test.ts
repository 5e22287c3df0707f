import type { CategoryNode } from '@yardly/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, startTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function tree(): Promise<CategoryNode[]> {
  const res = await t.app.inject({ method: 'GET', url: '/svc/categories/all' });
  expect(res.statusCode).toBe(200);
  return json<{ data: CategoryNode[] }>(res).data;
}

describe('categories', () => {
  it('lists the three home shortcuts first, in order', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/svc/categories' });
    const data = json<{ data: { categoryTitle: string; shortcut: boolean }[] }>(res).data;
    expect(data.slice(0, 3).map((c) => [c.categoryTitle, c.shortcut])).toEqual([
      ['Electronics', true],
      ['Home Decor & Furniture', true],
      ['Kitchen Appliances & Accessories', true],
    ]);
    expect(data.filter((c) => c.shortcut)).toHaveLength(3);
  });

  it('answers the tree with subcategories in the spec shape', async () => {
    const categories = await tree();
    const electronics = categories.find((c) => c.categoryTitle === 'Electronics');
    expect(electronics?.subCategories.map((s) => s.categoryTitle)).toEqual(
      expect.arrayContaining(['Cell Phones', 'Computers/Tablets/PC', 'Audio', 'Camera', 'Camera Accessories']),
    );
    expect(electronics?.subCategories[0]).toMatchObject({
      categoryRefnum: expect.stringMatching(/^C[0-9A-Z]{11}$/),
      subCategories: [],
    });
    const titles = categories.map((c) => c.categoryTitle);
    expect(titles).toEqual(expect.arrayContaining(['Clothing and Shoes', 'Books and Stationery']));
    expect(
      categories
        .filter((c) => c.donationAllowed)
        .map((c) => c.categoryTitle)
        .sort(),
    ).toEqual(['Books and Stationery', 'Clothing and Shoes']);
  });

  it("answers a category's properties, condition first for every category", async () => {
    const electronics = (await tree()).find((c) => c.categoryTitle === 'Electronics');
    const res = await t.app.inject({
      method: 'GET',
      url: `/svc/categories/properties?categoryRefnum=${electronics?.categoryRefnum}`,
    });
    const props = json<{ data: { key: string; values: string[] }[] }>(res).data;
    expect(props[0]).toMatchObject({
      key: 'condition',
      values: ['New', 'Like New', 'Used', 'Open Box', 'Parts Not Working'],
    });
    expect(props.map((p) => p.key)).toContain('brand');
  });

  it('gives a subcategory its parent category properties', async () => {
    const electronics = (await tree()).find((c) => c.categoryTitle === 'Electronics');
    const phones = electronics?.subCategories.find((s) => s.categoryTitle === 'Cell Phones');
    const res = await t.app.inject({
      method: 'GET',
      url: `/svc/categories/properties?categoryRefnum=${phones?.categoryRefnum}`,
    });
    expect(json<{ data: { key: string }[] }>(res).data.map((p) => p.key)).toContain('brand');
  });

  it('refuses an unknown category with 404 and a malformed one with 400', async () => {
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/svc/categories/properties?categoryRefnum=C00000000000',
    });
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown)).toEqual({ code: 404, msg: 'This category does not exist' });
    const malformed = await t.app.inject({
      method: 'GET',
      url: '/svc/categories/properties?categoryRefnum=1%27%20or%201=1',
    });
    expect(malformed.statusCode).toBe(400);
    expect(json(malformed)).toMatchObject({ code: 400, errors: [{ field: 'categoryRefnum' }] });
  });
});
