import {
  DELIVERY_OPTIONS,
  type FacetValue,
  type ParsedSearchFilters,
  type Pivot,
  PRICE_RANGES,
  type SearchDoc,
  type SearchResult,
} from '@yardly/shared/contract';
import { conditionLabel, shippingCents } from '@yardly/shared/rules';
import type { Db } from '../../db/connect';
import { toCard } from '../listings/cards';
import { wholeMiles } from '../location/distance';
import { searchCentre } from './centre';
import { buildMatch, type Searcher } from './match';
import { runSearchStatement, type SearchRows } from './statement';

const DELIVERY_LABELS = { shipping: 'Shipping', localPickup: 'Local pickup', freeShipping: 'Free shipping' } as const;

export interface SearchOptions {
  searcher?: Searcher;
  /** Rails need only the docs: skip the facet counts. */
  facets?: boolean;
}

/** Run a search at `now` (the clock's): the page of cards with distances, totals, price stats and facet counts. */
export async function search(
  db: Db,
  filters: ParsedSearchFilters,
  now: Date,
  options: SearchOptions = {},
): Promise<SearchResult> {
  const centre = await searchCentre(db, filters);
  const statement = { facets: options.facets ?? true };
  let rows = await runSearchStatement(db, buildMatch(filters, centre, now, options.searcher), filters, statement);
  // Nothing by the dictionary: perhaps a typo, so try again forgiving spelling.
  if (rows.total === 0 && filters.q?.trim()) {
    rows = await runSearchStatement(db, buildMatch(filters, centre, now, options.searcher, true), filters, statement);
  }
  const docs = docsOf(rows, now);
  const pivotFields = pivots(rows.pivot ?? []);
  const selected = pivotFields.find((p) => p.value === filters.categoryRefnum);
  return {
    data: { docs, totalElements: rows.total, number: filters.page, size: filters.size },
    datastats: { minPrice: rows.minPrice, maxPrice: rows.maxPrice },
    facetcount: {
      facetFields: {
        category: pivotFields.map(({ value, label, count }) => ({ value, label, count })),
        subCategory: selected?.pivot ?? [],
        condition: (rows.conditions ?? []).map(([code, count]) => {
          const label = conditionLabel(code);
          return { value: label, label, count };
        }),
        price: priceFacet(rows),
        delivery: DELIVERY_OPTIONS.map((value, i) => ({
          value,
          label: DELIVERY_LABELS[value],
          count: rows.delivery?.[i] ?? 0,
        })),
      },
    },
    facetpivot: { pivotFields },
  };
}

/** The page's cards, each with its distance in whole miles and what shipping it costs the buyer. */
export function docsOf(rows: Pick<SearchRows, 'page' | 'cards'>, now: Date): SearchDoc[] {
  const miles = new Map(rows.page);
  return rows.cards.map((card) => {
    const distance = wholeMiles(miles.get(card.id) ?? null);
    return {
      ...toCard(card, now),
      distance,
      distanceMiles: distance,
      shippingPriceCents: card.shippable ? shippingCents(card) : null,
    };
  });
}

function pivots(rows: NonNullable<SearchRows['pivot']>): Pivot[] {
  const byCategory = new Map<string, Pivot>();
  for (const [refnum, title, subRefnum, subTitle, count] of rows) {
    const entry = byCategory.get(refnum) ?? { value: refnum, label: title, count: 0, pivot: [] };
    entry.count += count;
    if (subRefnum && subTitle) entry.pivot.push({ value: subRefnum, label: subTitle, count });
    byCategory.set(refnum, entry);
  }
  const byCount = (a: { count: number; label: string }, b: { count: number; label: string }) =>
    b.count - a.count || a.label.localeCompare(b.label);
  return [...byCategory.values()].map((p) => ({ ...p, pivot: p.pivot.sort(byCount) })).sort(byCount);
}

function priceFacet(rows: SearchRows): FacetValue[] {
  return PRICE_RANGES.map((range, i) => ({ value: range.key, label: range.label, count: rows.prices?.[i] ?? 0 }));
}
