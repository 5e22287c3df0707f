import type { ListingDetail } from '@yardly/shared/contract';
import { type CardBadge, capitalize, cardBadge, formatCents } from '@yardly/shared/rules';
import { BACK_CRUMB_LABEL, type Crumb } from '../components/Breadcrumbs';
import { pictureUrl } from './pictures';
import { flowPagePath, productsPath } from './routes';

/** What an item's page shows, worked out once from its listing (the server's page and a member's). */
export interface ItemView {
  /** Photo URLs in display order. */
  photos: string[];
  /** The first photo at the large size, or null. */
  mainPhoto: string | null;
  badge: CardBadge | null;
  price: string;
  place: string;
  categoryHref: string;
  subCategoryHref: string | null;
  /** The listing's properties but its condition (shown on its own), as label and value. */
  properties: [string, string][];
  crumbs: Crumb[];
}

/**
 * The item page's view of a listing. A guest is never the owner: the badge is everyone's. An
 * organisation's listing (`orgName`) links to the organisation's lists.
 */
export function itemViewOf(listing: ListingDetail): ItemView {
  const photos = [...listing.pictures].sort((a, b) => a.picno - b.picno).map((picture) => picture.url);
  if (photos.length === 0 && listing.listingPictureUrl) photos.push(listing.listingPictureUrl);
  const categoryHref = productsPath({ category: listing.categoryRefnum }, listing.orgName);
  return {
    photos,
    mainPhoto: photos[0] ? pictureUrl(photos[0], 'large') : null,
    badge: cardBadge({
      listingDeleted: listing.listingDeleted,
      listingEnd: listing.listingEnd,
      saleType: listing.saleType,
      priceCents: listing.listingCurrentPrice,
      isOwner: false,
    }),
    price: formatCents(listing.listingCurrentPrice),
    place: `${listing.city}, ${listing.stateCode}`,
    categoryHref,
    subCategoryHref: listing.subCategoryRefnum
      ? productsPath({ category: listing.categoryRefnum, subcategory: listing.subCategoryRefnum }, listing.orgName)
      : null,
    properties: Object.entries(listing.properties)
      .filter(([key]) => key.toLowerCase() !== 'condition')
      .map(([key, value]) => [capitalize(key), value]),
    crumbs: [
      { label: 'Home', href: flowPagePath('/', listing.orgName) },
      { label: listing.categoryTitle, href: categoryHref },
      { label: BACK_CRUMB_LABEL, href: categoryHref },
    ],
  };
}

/** How far the item is from the viewer's place, in the whole miles the api measured: '2,406 miles away'. */
export function milesAwayLabel(miles: number): string {
  return miles === 1 ? '1 mile away' : `${miles.toLocaleString('en-US')} miles away`;
}
