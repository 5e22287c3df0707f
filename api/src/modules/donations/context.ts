import { confirmDonationPath, donationConversationPath } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/connect';
import { conversations, listingPhotos, listings, organizations, users } from '../../db/schema/index';
import type { DonationOrderRow } from './process';

const donors = alias(users, 'donation_donor');
const recipients = alias(users, 'donation_recipient');

/** Who and what a donation order is about, by the names people read: its notices, its mail, its views. */
export interface DonationContext {
  listingRefnum: string;
  listingTitle: string;
  listingPhoto: string | null;
  itemZip: string;
  donorRefnum: string;
  donorEmail: string;
  donorName: string;
  recipientRefnum: string;
  recipientEmail: string;
  recipientName: string;
  organizationName: string;
  conversationRefnum: string;
  /** `/myquest/messages/{listing}_{seller}_{buyer}`: the donor and the recipient's conversation. */
  messagesPath: string;
}

const fullName = (first: string, last: string) => `${first} ${last}`.trim();

export async function donationContext(db: Db, row: DonationOrderRow): Promise<DonationContext> {
  const [found] = await db
    .select({
      listingRefnum: listings.refnum,
      listingTitle: listings.title,
      itemZip: listings.zip,
      listingPhoto: listingPhotos.path,
      donorRefnum: donors.refnum,
      donorEmail: donors.email,
      donorFirst: donors.nameFirst,
      donorLast: donors.nameLast,
      recipientRefnum: recipients.refnum,
      recipientEmail: recipients.email,
      recipientFirst: recipients.nameFirst,
      recipientLast: recipients.nameLast,
      organizationName: organizations.name,
      conversationRefnum: conversations.refnum,
    })
    .from(listings)
    .innerJoin(donors, eq(donors.id, row.donorId))
    .innerJoin(recipients, eq(recipients.id, row.recipientId))
    .innerJoin(organizations, eq(organizations.id, row.organizationId))
    .innerJoin(conversations, eq(conversations.id, row.conversationId))
    .leftJoin(listingPhotos, eq(listingPhotos.listingId, listings.id))
    .where(eq(listings.id, row.listingId))
    .orderBy(listingPhotos.picno)
    .limit(1);
  if (!found) throw new Error(`donation order ${row.id} names no listing, person or conversation`);
  const { donorFirst, donorLast, recipientFirst, recipientLast, ...names } = found;
  return {
    ...names,
    donorName: fullName(donorFirst, donorLast),
    recipientName: fullName(recipientFirst, recipientLast),
    messagesPath: donationConversationPath(found.listingRefnum, found.donorRefnum, found.recipientRefnum),
  };
}

/** `/confirm-donation?…`: where the donor confirms a pickup address for this donation. */
export function confirmPathOf(
  c: Pick<DonationContext, 'listingRefnum' | 'donorRefnum' | 'recipientRefnum' | 'itemZip'>,
): string {
  return confirmDonationPath({
    listingRefnum: c.listingRefnum,
    donarRefnum: c.donorRefnum,
    recipientRefnum: c.recipientRefnum,
    itemZip: c.itemZip,
  });
}
