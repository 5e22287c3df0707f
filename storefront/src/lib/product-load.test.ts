import type { Api } from '@yardly/shared/client';
import { describe, expect, it, vi } from 'vitest';
import { EMPTY_RESULT, fetchProducts, organisationFilters } from './product-load';
import { readProductQuery } from './product-query';
import { productsPath } from './routes';

const ACME = { orgName: 'acme', orgRefnum: 'G0123456789A' };

function fakeApi() {
  const search = { srp: vi.fn(), brp: vi.fn(), category: vi.fn() };
  for (const call of Object.values(search)) call.mockResolvedValue(EMPTY_RESULT);
  return { api: { search } as unknown as Api, search };
}

describe('an organisation’s product list', () => {
  it('asks the category query with its orgRefnum and company (the call that sends the token)', async () => {
    const { api, search } = fakeApi();
    await fetchProducts(api, readProductQuery('?category=C0X96QHARRHN'), null, ACME);
    expect(search.brp).not.toHaveBeenCalled();
    expect(search.category).toHaveBeenCalledWith(
      expect.objectContaining({ categoryRefnum: 'C0X96QHARRHN', orgRefnum: 'G0123456789A', company: 'acme' }),
    );
    await fetchProducts(api, readProductQuery('?q=lamp'), null, ACME);
    expect(search.srp).not.toHaveBeenCalled();
    expect(search.category).toHaveBeenLastCalledWith(expect.objectContaining({ q: 'lamp', orgRefnum: 'G0123456789A' }));
  });

  it('keeps the public list’s order unless one is chosen (not the category query’s cheapest first)', () => {
    expect(organisationFilters({}, ACME)).toMatchObject({ sortBy: 'newest', sortOrder: 'desc' });
    expect(organisationFilters({ q: 'lamp' }, ACME)).toMatchObject({ sortBy: 'relevance', sortOrder: 'desc' });
    expect(organisationFilters({ sortBy: 'currentPrice' }, ACME)).toMatchObject({ sortOrder: 'asc' });
    expect(organisationFilters({ sortBy: 'currentPrice', sortOrder: 'desc' }, ACME)).toMatchObject({
      sortOrder: 'desc',
    });
  });

  it('the public list stays public: no organisation, the anonymous calls', async () => {
    const { api, search } = fakeApi();
    await fetchProducts(api, readProductQuery(''), null);
    expect(search.brp).toHaveBeenCalledWith(expect.not.objectContaining({ orgRefnum: expect.anything() }));
    expect(search.category).not.toHaveBeenCalled();
  });

  it('links within the organisation’s prefix', () => {
    expect(productsPath({ category: 'C0X96QHARRHN', page: 2 }, 'acme')).toBe(
      '/client/acme/products?category=C0X96QHARRHN&page=2',
    );
    expect(productsPath({}, 'acme')).toBe('/client/acme/products');
    expect(productsPath({ q: 'lamp' })).toBe('/products?q=lamp');
  });
});

describe('searchType in the /products URL (spec section 9)', () => {
  it('runs the search it names, sends it on, and keeps it in the list’s links', async () => {
    const { api, search } = fakeApi();
    await fetchProducts(api, readProductQuery('?q=lamp&searchType=brp'), null);
    expect(search.srp).not.toHaveBeenCalled();
    expect(search.brp).toHaveBeenCalledWith(expect.objectContaining({ q: 'lamp', searchType: 'brp' }));
    await fetchProducts(api, readProductQuery('?q=lamp'), null);
    expect(search.srp).toHaveBeenCalledTimes(1);
    // A value the spec's calls do not know is left out, as any bad parameter is.
    expect(readProductQuery('?searchType=everything').searchType).toBeUndefined();
    expect(productsPath({ q: 'lamp', searchType: 'brp', page: 2 })).toBe('/products?q=lamp&searchType=brp&page=2');
  });
});
