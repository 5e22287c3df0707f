import type { DonationOrder, DonationPicture } from '@yardly/shared/contract';
import { DONATION_OPEN_STATES, donationEventsFor, donationProcess, mayAdmin } from '@yardly/shared/rules';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { donationOrders, donationPictures, listings, users } from '../../db/schema/index';
import type { Caller } from '../../http/caller';
import { fileUrl } from '../files/urls';
import { type DonationParty, orderFor, PROCESS_ROLE, partyIn } from './access';
import { donationContext } from './context';
import type { DonationOrderRow } from './process';

/** The saved photos of some orders, oldest first, by order id (one query). */
export async function savedPictures(db: Db, orderIds: number[]): Promise<Map<number, DonationPicture[]>> {
  const byOrder = new Map<number, DonationPicture[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({
      orderId: donationPictures.orderId,
      resourcePath: donationPictures.resourcePath,
      userRefnum: users.refnum,
      createdAt: donationPictures.createdAt,
    })
    .from(donationPictures)
    .innerJoin(users, eq(users.id, donationPictures.uploaderId))
    .where(and(inArray(donationPictures.orderId, orderIds), eq(donationPictures.saved, true)))
    .orderBy(asc(donationPictures.createdAt), asc(donationPictures.id));
  for (const { orderId, createdAt, ...picture } of rows) {
    const pictures = byOrder.get(orderId) ?? [];
    pictures.push({ ...picture, url: fileUrl(picture.resourcePath), createdAt: createdAt.toISOString() });
    byOrder.set(orderId, pictures);
  }
  return byOrder;
}

const iso = (at: Date | null) => at?.toISOString() ?? null;

/** One donation order as `party` sees it: the people, the pickup address, the photos and what they may do now. */
export async function donationView(
  db: Db,
  row: DonationOrderRow,
  party: DonationParty,
  options: { mayAct?: boolean } = {},
): Promise<DonationOrder> {
  const context = await donationContext(db, row);
  const pictures = await savedPictures(db, [row.id]);
  return {
    donationOrderId: row.refnum,
    listingRefnum: context.listingRefnum,
    listingTitle: context.listingTitle,
    listingPictureUrl: context.listingPhoto ? fileUrl(context.listingPhoto) : null,
    itemZip: context.itemZip,
    donarRefnum: context.donorRefnum,
    donarName: context.donorName,
    recipientRefnum: context.recipientRefnum,
    recipientName: context.recipientName,
    organizationName: context.organizationName,
    role: party,
    state: row.state,
    stateLabel: donationProcess.states[row.state].label,
    pickupAddress: row.pickupAddress ?? null,
    conversationId: context.conversationRefnum,
    messagesPath: context.messagesPath,
    pictures: pictures.get(row.id) ?? [],
    // A limited admin reads donations but changes none: no buttons for them.
    actions: options.mayAct === false ? [] : donationEventsFor(row.state, PROCESS_ROLE[party]),
    confirmBy: row.state === 'requested' ? row.confirmBy.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    confirmedAt: iso(row.confirmedAt),
    pickedUpAt: iso(row.pickedUpAt),
    receivedAt: iso(row.receivedAt),
    cancelledAt: iso(row.cancelledAt),
  };
}

/** A donation order by its id as the caller sees it (404 / 403 otherwise). */
export async function donationFor(db: Db, caller: Caller, donationOrderId: string): Promise<DonationOrder> {
  const { row, party } = await orderFor(db, caller, donationOrderId, 'show');
  return donationView(db, row, party);
}

/**
 * `GET /svc/donations?listingRefnum=`: the listing's open donation order, else its latest, among
 * those the caller may see (as donor, recipient or admin). Null when there is none: to anyone
 * else, an order the caller is no party to does not exist, as for a listing nobody asked for yet.
 */
export async function donationOfListing(db: Db, caller: Caller, listingRefnum: string): Promise<DonationOrder | null> {
  const openFirst = sql`case when ${inArray(donationOrders.state, [...DONATION_OPEN_STATES])} then 0 else 1 end`;
  const rows = await db
    .select({ row: donationOrders })
    .from(donationOrders)
    .innerJoin(listings, eq(listings.id, donationOrders.listingId))
    .where(eq(listings.refnum, listingRefnum))
    .orderBy(openFirst, desc(donationOrders.createdAt), desc(donationOrders.id));
  const admin = mayAdmin(caller.roles, 'donations', 'show');
  const seen = rows.find(({ row }) => admin || partyIn(row, caller, 'show') !== null);
  const party = seen ? partyIn(seen.row, caller, 'show') : null;
  if (!seen || !party) return null;
  return donationView(db, seen.row, party, { mayAct: partyIn(seen.row, caller, 'edit') !== null });
}
