import { isRefnum } from '@yardly/shared/contract';
import { PAGE_SIZES } from '@yardly/shared/rules';

/** The sizes a person can pick on a product list; the default comes first. */
export const PRODUCT_PAGE_SIZES = [PAGE_SIZES.default, 50, 100] as const;

/** What /products shows, as read from its URL (page is one-based there). */
export interface ProductQuery {
  /** A category refnum; null lists every category. */
  category: string | null;
  subcategory: string | null;
  page: number;
  size: number;
}

/** A whole number from the URL within 1..max, or the fallback. */
export function positiveInt(value: string | null, fallback: number, max: number): number {
  if (value === null || !/^\d+$/.test(value)) return fallback;
  const n = Number(value);
  return n >= 1 && n <= max ? n : fallback;
}

export function readProductQuery(search: string): ProductQuery & { valid: boolean } {
  const params = new URLSearchParams(search);
  const category = params.get('category');
  const subcategory = params.get('subcategory');
  return {
    category: category || null,
    subcategory: subcategory || null,
    page: positiveInt(params.get('page'), 1, 10_000),
    size: positiveInt(params.get('size'), PAGE_SIZES.default, 100),
    // A mistyped refnum can match nothing: say "No results" without asking the api.
    valid: (!category || isRefnum(category)) && (!subcategory || isRefnum(subcategory)),
  };
}
