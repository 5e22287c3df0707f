import { describe, expect, it } from 'vitest';
import { readProductQuery, searchFiltersFor } from './product-query';
import { productsPath } from './routes';

describe('readProductQuery', () => {
  it('reads category, subcategory, a one-based page and size', () => {
    expect(readProductQuery('?category=C0X96QHARRHN&subcategory=CMT7BPP1NEXS&page=3&size=50')).toEqual({
      category: 'C0X96QHARRHN',
      subcategory: 'CMT7BPP1NEXS',
      page: 3,
      size: 50,
      valid: true,
    });
  });

  it('defaults to page 1 and the spec page size of 25', () => {
    expect(readProductQuery('')).toMatchObject({ category: null, page: 1, size: 25, valid: true });
  });

  it.each(['page=0', 'page=-2', 'page=abc', 'page=1.5'])('falls back to page 1 for %s', (query) => {
    expect(readProductQuery(`?${query}`).page).toBe(1);
  });

  it('falls back to 25 for a size out of range', () => {
    expect(readProductQuery('?size=1000').size).toBe(25);
  });

  it('marks a category that is not a refnum as invalid', () => {
    expect(readProductQuery('?category=electronics').valid).toBe(false);
  });

  it('keeps the price filters in integer cents, as the api takes them, and leaves a fraction of a cent out', () => {
    expect(readProductQuery('?minPrice=1000&maxPrice=2499')).toMatchObject({ minPrice: 1000, maxPrice: 2499 });
    expect(readProductQuery('?minPrice=10.5').minPrice).toBeUndefined();
  });

  it('round-trips through productsPath, leaving page 1 out', () => {
    expect(productsPath({ category: 'C0X96QHARRHN', page: 1, size: 25 })).toBe(
      '/products?category=C0X96QHARRHN&size=25',
    );
    expect(productsPath({ category: 'C0X96QHARRHN', page: 2 })).toBe('/products?category=C0X96QHARRHN&page=2');
  });

  it('keeps "Ships to you" (nationwide) in the URL and hands it to the api', () => {
    const query = readProductQuery('?q=kettle&nationwide=true');
    expect(query.nationwide).toBe(true);
    expect(productsPath({ q: 'kettle', nationwide: true })).toBe('/products?q=kettle&nationwide=true');
    expect(searchFiltersFor(query, null).nationwide).toBe(true);
    expect(readProductQuery('?q=kettle&nationwide=false').nationwide).toBeUndefined();
    expect(productsPath({ q: 'kettle', nationwide: false })).toBe('/products?q=kettle');
  });

  it("searches around the address's zip (a saved search's, a shared link's), not the visitor's place, and keeps it", () => {
    const query = readProductQuery('?q=bike&zip=10001&d=5');
    const visitor = { zip: '94103', location: 'San Francisco, CA', formattedAddress: 'San Francisco, CA 94103' };
    expect(searchFiltersFor(query, visitor)).toMatchObject({ q: 'bike', zip: '10001', d: 5 });
    expect(productsPath({ ...query, page: 1, size: undefined })).toBe('/products?q=bike&d=5&zip=10001');
    // Without one, the visitor's place; a malformed one is left out.
    expect(searchFiltersFor(readProductQuery('?q=bike'), visitor).zip).toBe('94103');
    expect(readProductQuery('?q=bike&zip=1000x').zip).toBeUndefined();
  });
});
