/** Where things live on the site: one place that builds the storefront's own links. */

export function itemPath(listingRefnum: string): string {
  return `/${listingRefnum}`;
}

export interface ProductListQuery {
  category?: string | null;
  subcategory?: string | null;
  /** One-based, as people see it. */
  page?: number;
  size?: number;
}

export function productsPath(query: ProductListQuery = {}): string {
  const params = new URLSearchParams();
  if (query.category) params.set('category', query.category);
  if (query.subcategory) params.set('subcategory', query.subcategory);
  if (query.page && query.page > 1) params.set('page', String(query.page));
  if (query.size) params.set('size', String(query.size));
  const qs = params.toString();
  return qs ? `/products?${qs}` : '/products';
}
