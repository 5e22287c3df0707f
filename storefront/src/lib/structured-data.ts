import type { ListingDetail } from '@yardly/shared/contract';
import { type CardBadge, type ConditionCode, centsToDollars } from '@yardly/shared/rules';

const SCHEMA = 'https://schema.org/';

const SCHEMA_CONDITIONS: Record<ConditionCode, string> = {
  new: 'NewCondition',
  like_new: 'UsedCondition',
  used: 'UsedCondition',
  open_box: 'UsedCondition',
  parts_not_working: 'DamagedCondition',
};

/** schema.org's item condition for a listing's condition code. */
export function schemaCondition(condition: ConditionCode): string {
  return `${SCHEMA}${SCHEMA_CONDITIONS[condition]}`;
}

/** In stock unless the card badge says otherwise: sold or donated items are sold out, the rest discontinued. */
export function schemaAvailability(badge: CardBadge | null): string {
  if (badge === null) return `${SCHEMA}InStock`;
  return badge === 'Sold' || badge === 'Donated' ? `${SCHEMA}SoldOut` : `${SCHEMA}Discontinued`;
}

/** The schema.org Product (with its Offer) that an item's details page carries as JSON-LD. */
export function productJsonLd(input: {
  listing: ListingDetail;
  badge: CardBadge | null;
  url: string;
  images: string[];
}): Record<string, unknown> {
  const { listing, badge, url, images } = input;
  const itemCondition = schemaCondition(listing.conditionCode);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: listing.listingTitle,
    description: listing.description,
    sku: listing.listingRefnum,
    category: [listing.categoryTitle, listing.subCategoryTitle].filter(Boolean).join(' > '),
    ...(images.length ? { image: images } : {}),
    itemCondition,
    offers: {
      '@type': 'Offer',
      url,
      price: centsToDollars(listing.listingCurrentPrice).toFixed(2),
      priceCurrency: 'USD',
      availability: schemaAvailability(badge),
      itemCondition,
      seller: { '@type': 'Person', name: listing.seller.name },
      availableAtOrFrom: {
        '@type': 'Place',
        address: {
          '@type': 'PostalAddress',
          addressLocality: listing.city,
          addressRegion: listing.stateCode,
          addressCountry: 'US',
        },
      },
    },
  };
}
