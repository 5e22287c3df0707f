import type { rentalSearchCall } from '@yardly/shared/contract';
import { RENT_BANDS } from '@yardly/shared/rules';
import type { z } from 'zod';
import type { Db } from '../../db/connect';
import { wholeMiles } from '../location/distance';
import { toRentalCard } from '../rentals/cards';
import { searchCentre } from '../search/centre';
import { buildRentalMatch, type RentalSearchFilters } from './match';
import { BEDROOM_BUCKETS, type RentalSearchRows, runRentalSearchStatement } from './statement';

export type RentalSearchResult = z.infer<typeof rentalSearchCall.response>;
type FacetValue = RentalSearchResult['facetFields']['bedrooms'][number];

/**
 * The available places within `d` miles of the zip's centre (an unknown zip: 400 'Error fetching
 * location details'), filtered and sorted, with facet counts for property type, bedrooms and rent.
 */
export async function searchRentals(db: Db, filters: RentalSearchFilters): Promise<RentalSearchResult> {
  const centre = await searchCentre(db, { zip: filters.zip });
  let rows = await runRentalSearchStatement(db, buildRentalMatch(filters, centre), filters);
  // Nothing by the dictionary: perhaps a typo, so try again forgiving spelling (as the marketplace does).
  if (rows.total === 0 && filters.text?.trim()) {
    rows = await runRentalSearchStatement(db, buildRentalMatch(filters, centre, true), filters);
  }
  return {
    docs: rentalDocsOf(rows),
    totalElements: rows.total,
    number: filters.page,
    size: filters.size,
    facetFields: {
      propertyType: rows.types.map(([value, label, count]) => ({ value, label, count })),
      bedrooms: bedroomsFacet(rows),
      price: RENT_BANDS.map((band, i) => ({ value: band.value, label: band.label, count: rows.prices[i] ?? 0 })),
    },
  };
}

/** The page's cards, each with its distance in whole miles. */
export function rentalDocsOf(rows: Pick<RentalSearchRows, 'page' | 'cards'>): RentalSearchResult['docs'] {
  const miles = new Map(rows.page);
  return rows.cards.map((card) => ({ ...toRentalCard(card), distance: wholeMiles(miles.get(card.id) ?? null) }));
}

/** Studio, 1, 2, 3 and 4+, always all five; the value is the least number of bedrooms, as the filter takes it. */
function bedroomsFacet(rows: RentalSearchRows): FacetValue[] {
  const counts = new Map(rows.bedrooms);
  return Array.from({ length: BEDROOM_BUCKETS }, (_, beds) => ({
    value: String(beds),
    label: beds === 0 ? 'Studio' : beds === BEDROOM_BUCKETS - 1 ? `${beds}+` : String(beds),
    count: counts.get(beds) ?? 0,
  }));
}
