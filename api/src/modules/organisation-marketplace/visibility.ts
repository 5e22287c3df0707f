import { mayAdmin, organisationFlowMessages } from '@yardly/shared/rules';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { AppError } from '../../errors';
import type { Caller } from '../../http/caller';
import { marketplaceMembership } from './membership';

/**
 * Members-only listings (issue 23, docs/decisions/0042): the one rule of who sees a listing
 * of an organisation's marketplace (`listings.organization_id` set). Every listing read takes
 * its condition from here, with the listing's states from `listings/visibility.ts`:
 * - lists (search, categories, rails, profiles, the sitemap) show ONE marketplace: the public
 *   one (`organization_id is null`: no organisation's listing, whoever looks), or, when the
 *   organisation flow asks for it, the caller's own organisation's (`askedMarketplace`);
 * - a listing opened by its link (item page, favourites, reports, offers, checkout, messages) is
 *   seen when it is public, the caller's own, of the caller's organisation, or by an admin; for
 *   anyone else it is the same "not found" as a listing that does not exist;
 * - trading (offers, orders) on an organisation's listing is between its members only.
 * Membership is read from the database on every request: a person who leaves loses it at once.
 */

/** Whose listings a list shows: the public marketplace's (null) or one organisation's. */
export interface Marketplace {
  organizationId: number | null;
}

export const PUBLIC_MARKETPLACE: Marketplace = { organizationId: null };

/**
 * The listing (in the current query's row) is in `marketplace`. The public form is written as the
 * partial indexes' own `organization_id is null` (migration 0046), so they still serve it.
 */
export function inMarketplace(marketplace: Marketplace): SQL {
  return marketplace.organizationId === null
    ? sql`"listings"."organization_id" is null`
    : sql`"listings"."organization_id" = ${marketplace.organizationId}`;
}

/** Who opens listings by their link, as far as organisation marketplaces care. */
export interface ListingReader {
  userId: number | null;
  /** The organisation whose marketplace the reader is a verified member of now. */
  organizationId: number | null;
  /** A moderator sees every listing (the console, and the item page it links to). */
  admin: boolean;
}

const GUEST_READER: ListingReader = { userId: null, organizationId: null, admin: false };

/** The caller as a reader of listings: their membership read now. */
export async function listingReader(db: Db, caller: Caller | null): Promise<ListingReader> {
  if (!caller) return GUEST_READER;
  const membership = await marketplaceMembership(db, caller.userId);
  return {
    userId: caller.userId,
    organizationId: membership?.organizationId ?? null,
    admin: mayAdmin(caller.roles, 'listings', 'show'),
  };
}

/** The listing (in the current query's row) may be opened by `reader`: public, their own, their organisation's. */
export function openableBy(reader: ListingReader): SQL {
  if (reader.admin) return sql`true`;
  const ways = [sql`"listings"."organization_id" is null`];
  if (reader.userId !== null) ways.push(sql`"listings"."seller_id" = ${reader.userId}`);
  if (reader.organizationId !== null) ways.push(sql`"listings"."organization_id" = ${reader.organizationId}`);
  return sql`(${sql.join(ways, sql` or `)})`;
}

/**
 * Whether `buyerId` may trade on the listing (make an offer, pay for it): any listing of the
 * public marketplace; an organisation's only when the buyer is its member now. The seller's own
 * standing is `sellerStillMember`'s.
 */
export async function mayTradeOn(
  db: Db,
  listing: { organizationId: number | null },
  buyerId: number,
): Promise<boolean> {
  if (listing.organizationId === null) return true;
  return (await marketplaceMembership(db, buyerId))?.organizationId === listing.organizationId;
}

/** Whether the seller of an organisation's listing is still its member (a public listing's always may sell). */
export function sellerStillMember(
  db: Db,
  listing: { organizationId: number | null; sellerId: number },
): Promise<boolean> {
  return mayTradeOn(db, listing, listing.sellerId);
}

/**
 * The marketplace a search or category list asks for: the public one, or (`orgRefnum` or
 * `company`, the organisation's address name, given) the caller's organisation's. An
 * organisation's needs the token (401) and its membership (403): a member of another
 * organisation, of one IN_REVIEW, or nobody's, is refused.
 */
export async function askedMarketplace(
  db: Db,
  asked: { orgRefnum?: string; company?: string },
  caller: Caller | null,
): Promise<Marketplace> {
  if (!asked.orgRefnum && !asked.company) return PUBLIC_MARKETPLACE;
  if (!caller) throw new AppError(401, organisationFlowMessages.signInToSee);
  const membership = await marketplaceMembership(db, caller.userId);
  const same =
    membership !== null &&
    (!asked.orgRefnum || asked.orgRefnum === membership.orgRefnum) &&
    (!asked.company || asked.company.trim().toLowerCase() === membership.orgName);
  if (!same) throw new AppError(403, organisationFlowMessages.notMember, { field: 'orgRefnum' });
  return { organizationId: membership.organizationId };
}
