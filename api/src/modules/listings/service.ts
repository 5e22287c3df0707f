import type { CallData, ListingDetail, ListingPage, listingDetailCall } from '@yardly/shared/contract';
import { isRefnum, organisationSlug } from '@yardly/shared/contract';
import {
  conditionLabel,
  currentListingState,
  editLockedIn,
  listingStatusOf,
  publicName,
  shippingCents,
  visibleTo,
} from '@yardly/shared/rules';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/connect';
import { categories, listingPhotos, listings, organizations, users, zipCodes } from '../../db/schema/index';
import type { Caller } from '../../http/caller';
import { findCategory } from '../categories/service';
import { fileUrl } from '../files/urls';
import { greatCircleMiles, wholeMiles } from '../location/distance';
import { centreOfZip } from '../location/zip-centres';
import { type ListingReader, openableBy } from '../organisation-marketplace/visibility';
import { cardPage, placeName, toCard } from './cards';
import { liveListing } from './live';
import { countActiveOffers, hasAcceptedOffer } from './offers-check';
import { orderInProgress } from './process';

interface PageQuery {
  page: number;
  size: number;
}

export function recentItems(db: Db, query: PageQuery, now: Date): Promise<ListingPage> {
  return cardPage(db, liveListing(now), query, now);
}

export async function listingsByCategory(
  db: Db,
  query: PageQuery & { categoryRefnum: string; subCategoryRefnum?: string },
  now: Date,
) {
  const category = await findCategory(db, query.categoryRefnum);
  const sub = query.subCategoryRefnum ? await findCategory(db, query.subCategoryRefnum) : undefined;
  const topId = category.parentId ?? category.id;
  const subId = sub?.id ?? (category.parentId ? category.id : undefined);
  const inCategory = subId
    ? and(eq(listings.categoryId, topId), eq(listings.subCategoryId, subId))
    : or(eq(listings.categoryId, topId), eq(listings.subCategoryId, topId));
  const top = category.parentId ? await findCategoryById(db, category.parentId) : category.title;
  const subTitle = sub?.title ?? (category.parentId ? category.title : null);
  const page = await cardPage(db, and(liveListing(now), inCategory), query, now);
  return { ...page, categoryTitle: top, subCategoryTitle: subTitle };
}

async function findCategoryById(db: Db, id: number): Promise<string> {
  const [row] = await db.select({ title: categories.title }).from(categories).where(eq(categories.id, id));
  return row?.title ?? '';
}

const subCategory = alias(categories, 'sub_category');
const listingOrganisation = alias(organizations, 'listing_organization');

/**
 * An item's details. Anyone sees an active, sold or expired listing; a deleted, draft or
 * deactivated one only its seller; an organisation's listing only its members, its seller and
 * admins (`openableBy`). Anything else is "not available", never an error: for everyone else an
 * organisation's listing is exactly a listing that does not exist.
 */
/**
 * Whom an item's page is for (section 7's detailListing fields): the caller, unless the page
 * asks for the public view (`isLoggedIn: false`) or names someone else (`sellerRefnum` or
 * `userRefnum` not the caller's): then nobody's, as a guest sees it.
 */
export function detailViewer(
  caller: Caller | null,
  input: { sellerRefnum?: string; userRefnum?: string; isLoggedIn?: boolean },
): Caller | null {
  if (!caller || input.isLoggedIn === false) return null;
  const named = input.sellerRefnum ?? input.userRefnum;
  return named && named !== caller.userRefnum ? null : caller;
}

export async function listingDetail(
  db: Db,
  listingRefnum: string | undefined,
  caller: Caller | null,
  reader: ListingReader,
  now: Date,
  viewerZip?: string,
): Promise<CallData<typeof listingDetailCall>> {
  // No listing, no view of it: the answer section 7 gives, and nothing else.
  const unavailable = { listing: null, itemAvailable: false, success: true };
  if (!listingRefnum || !isRefnum(listingRefnum)) return unavailable;
  const [row] = await db
    .select({
      listing: listings,
      sellerRefnum: users.refnum,
      sellerFirst: users.nameFirst,
      sellerLast: users.nameLast,
      sellerPicture: users.picturePath,
      sellerSince: users.createdAt,
      sellerVerified: users.isProfessionVerified,
      sellerZip: users.zip,
      companyStatus: organizations.status,
      categoryRefnum: categories.refnum,
      categoryTitle: categories.title,
      subCategoryRefnum: subCategory.refnum,
      subCategoryTitle: subCategory.title,
      city: zipCodes.city,
      stateCode: zipCodes.stateCode,
      orgRefnum: listingOrganisation.refnum,
      orgTitle: listingOrganisation.name,
      openable: sql<boolean>`${openableBy(reader)}`,
    })
    .from(listings)
    .innerJoin(users, eq(users.id, listings.sellerId))
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .leftJoin(listingOrganisation, eq(listingOrganisation.id, listings.organizationId))
    .innerJoin(categories, eq(categories.id, listings.categoryId))
    .leftJoin(subCategory, eq(subCategory.id, listings.subCategoryId))
    .innerJoin(zipCodes, eq(zipCodes.zip, listings.zip))
    .where(eq(listings.refnum, listingRefnum));
  if (!row?.openable) return unavailable;
  const l = row.listing;
  const isSeller = caller?.userId === l.sellerId;
  const state = currentListingState(l.state, l.listingEnd, now);
  if (!visibleTo(state, isSeller ? 'owner' : 'public', 'page')) return unavailable;

  const [photos, sellerPlace, offerCount, accepted, viewerCentre, inProgress] = await Promise.all([
    db
      .select({ picno: listingPhotos.picno, path: listingPhotos.path })
      .from(listingPhotos)
      .where(eq(listingPhotos.listingId, l.id))
      .orderBy(asc(listingPhotos.picno)),
    row.sellerZip
      ? db
          .select({ city: zipCodes.city, stateCode: zipCodes.stateCode })
          .from(zipCodes)
          .where(eq(zipCodes.zip, row.sellerZip))
      : Promise.resolve([]),
    countActiveOffers(db, l.id, now),
    hasAcceptedOffer(db, l.id),
    viewerZip ? centreOfZip(db, viewerZip) : Promise.resolve(null),
    // The seller's own business: anyone else reads false.
    isSeller ? orderInProgress(db, l.id) : Promise.resolve(false),
  ]);
  // Centre to centre, as a search measures it (the listing keeps its zip's centre).
  const listingCentre =
    l.placeLatitude === null || l.placeLongitude === null ? null : { lat: l.placeLatitude, lng: l.placeLongitude };
  const distanceMiles =
    viewerCentre && listingCentre ? wholeMiles(greatCircleMiles(viewerCentre, listingCentre)) : null;
  const location = placeName(row.city, row.stateCode);
  const listing: ListingDetail = {
    ...toCard(
      {
        id: l.id,
        refnum: l.refnum,
        title: l.title,
        priceCents: l.priceCents,
        listingEnd: l.listingEnd,
        state: l.state,
        shippable: l.shippable,
        meetToDeliver: l.meetToDeliver,
        offerFreeDelivery: l.offerFreeDelivery,
        weightLbs: l.weightLbs,
        buyNow: l.buyNow,
        isDonation: l.isDonation,
        sellerRefnum: row.sellerRefnum,
        city: row.city,
        stateCode: row.stateCode,
        mainPhoto: photos[0]?.path ?? null,
        offerCount,
      },
      now,
    ),
    description: l.description,
    listingStatus: listingStatusOf(state),
    listingState: state,
    categoryRefnum: row.categoryRefnum,
    categoryTitle: row.categoryTitle,
    subCategoryRefnum: row.subCategoryRefnum,
    subCategoryTitle: row.subCategoryTitle,
    condition: conditionLabel(l.condition),
    conditionCode: l.condition,
    properties: l.properties,
    weightLbs: l.weightLbs,
    pictures: photos.map((p) => ({ picno: p.picno, url: fileUrl(p.path) })),
    zip: l.zip,
    city: row.city,
    stateCode: row.stateCode,
    createdAt: new Date(l.createdAt).toISOString(),
    seller: {
      userRefnum: row.sellerRefnum,
      // First name and last initial: enough to recognise, not to look someone up.
      name: publicName(row.sellerFirst, row.sellerLast),
      pictureUrl: row.sellerPicture ? fileUrl(row.sellerPicture) : null,
      location: sellerPlace[0] ? placeName(sellerPlace[0].city, sellerPlace[0].stateCode) : location,
      memberSince: new Date(row.sellerSince).toISOString(),
      isProfessionVerified: row.sellerVerified && row.companyStatus === 'VERIFIED',
    },
    sellerCompanyStatus: row.companyStatus ?? null,
    editLocked: editLockedIn(state, accepted),
    orderInProgress: inProgress,
    orgRefnum: row.orgRefnum,
    orgName: row.orgTitle === null ? null : organisationSlug(row.orgTitle),
    shippingPriceCents: l.shippable ? shippingCents(l) : null,
    distanceMiles,
  };
  return { listing, itemAvailable: true, success: true, viewer: { isOwner: isSeller, isLoggedIn: caller !== null } };
}
