import {
  type AdminDonationRecord,
  adminDonationChangeSchema,
  adminDonationRecordSchema,
} from '@yardly/shared/contract';
import { donationEventsFor, donationMessages, donationProcess } from '@yardly/shared/rules';
import { and, asc, eq, inArray, isNull, lt, not, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Clock } from '../../clock/clock';
import type { Db } from '../../db/connect';
import { donationContactNotes, donationOrders, listings, organizations, users } from '../../db/schema/index';
import { AppError } from '../../errors';
import { boolFilter, defineResource, searchFilter, textFilter } from '../../http/console/define-resource';
import { processHistories } from '../../process/history';
import { orderWithListing } from '../donations/access';
import type { DonationOrderRow } from '../donations/process';
import { savedPictures } from '../donations/read';
import { type DonationDeps, takeDonationStep } from '../donations/steps';

const donors = alias(users, 'console_donor');
const recipients = alias(users, 'console_recipient');
const DAY_MS = 24 * 60 * 60 * 1000;

function selectDonations(db: Db) {
  return db
    .select({
      row: donationOrders,
      listingRefnum: listings.refnum,
      listingTitle: listings.title,
      itemZip: listings.zip,
      donorEmail: donors.email,
      donorFirst: donors.nameFirst,
      donorLast: donors.nameLast,
      recipientEmail: recipients.email,
      recipientFirst: recipients.nameFirst,
      recipientLast: recipients.nameLast,
      organizationName: organizations.name,
    })
    .from(donationOrders)
    .innerJoin(listings, eq(listings.id, donationOrders.listingId))
    .innerJoin(donors, eq(donors.id, donationOrders.donorId))
    .innerJoin(recipients, eq(recipients.id, donationOrders.recipientId))
    .innerJoin(organizations, eq(organizations.id, donationOrders.organizationId));
}

type DonationConsoleRow = Awaited<ReturnType<typeof selectDonations>>[number];

/**
 * Overdue (spec section 9, 'Donation representative contact 2-3 business days'): the pickup is
 * confirmed, no representative has contacted the donor, and the three business days are past.
 */
export function isOverdue(row: Pick<DonationOrderRow, 'state' | 'contactedAt' | 'contactBy'>, now: Date): boolean {
  return row.state === 'pickupConfirmed' && row.contactedAt === null && row.contactBy !== null && row.contactBy < now;
}

function overdueWhere(now: Date): SQL {
  return and(
    eq(donationOrders.state, 'pickupConfirmed'),
    isNull(donationOrders.contactedAt),
    lt(donationOrders.contactBy, now),
  ) as SQL;
}

/** The contact notes of some orders, oldest first, with the email of the admin who wrote each. */
async function contactNotes(db: Db, ids: number[]) {
  const rows = await db
    .select({
      orderId: donationContactNotes.orderId,
      note: donationContactNotes.note,
      by: users.email,
      at: donationContactNotes.at,
    })
    .from(donationContactNotes)
    .innerJoin(users, eq(users.id, donationContactNotes.adminId))
    .where(inArray(donationContactNotes.orderId, ids))
    .orderBy(asc(donationContactNotes.at), asc(donationContactNotes.id));
  const byOrder = new Map<number, AdminDonationRecord['contactNotes']>();
  for (const { orderId, at, ...note } of rows) {
    byOrder.set(orderId, [...(byOrder.get(orderId) ?? []), { ...note, at: at.toISOString() }]);
  }
  return byOrder;
}

const iso = (at: Date | null) => at?.toISOString() ?? null;

/** Rows to records with each order's photos, notes and history (three queries for the page). */
async function toDonationRecords(db: Db, rows: DonationConsoleRow[], now: Date): Promise<AdminDonationRecord[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.row.id);
  const [pictures, notes, histories] = await Promise.all([
    savedPictures(db, ids),
    contactNotes(db, ids),
    processHistories(db, donationProcess.name, ids),
  ]);
  return rows.map(({ row, ...r }) => ({
    id: row.refnum,
    state: row.state,
    stateLabel: donationProcess.states[row.state].label,
    listingRefnum: r.listingRefnum,
    listingTitle: r.listingTitle,
    itemZip: r.itemZip,
    donorEmail: r.donorEmail,
    donorName: `${r.donorFirst} ${r.donorLast}`.trim(),
    recipientEmail: r.recipientEmail,
    recipientName: `${r.recipientFirst} ${r.recipientLast}`.trim(),
    organizationName: r.organizationName,
    pickupAddress: row.pickupAddress ?? null,
    pictures: pictures.get(row.id) ?? [],
    overdue: isOverdue(row, now),
    contactBy: iso(row.contactBy),
    contactedAt: iso(row.contactedAt),
    contactNotes: notes.get(row.id) ?? [],
    actions: donationEventsFor(row.state, 'admin'),
    history: (histories.get(row.id) ?? []).map(({ status, ...step }) => ({ ...step, state: status })),
    ageDays: Math.max(0, Math.floor((now.getTime() - row.createdAt.getTime()) / DAY_MS)),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/**
 * The console's donation queue (`/svc/admin/donations`; the console's /donation and
 * /donation/process-donations): every donation order by state and age, the overdue ones marked,
 * with the pickup address, the photos, the contact notes and the history. ROLE_ADMIN and the
 * limited admin read it; changing one (a contact note, a pickUp, receive or cancel with the same
 * effects as the parties' own) is an edit, ROLE_ADMIN's by the role matrix, audit-logged by the adapter.
 */
export function donationsResource(deps: DonationDeps) {
  const { clock }: { clock: Clock } = deps;
  return defineResource({
    name: 'donations',
    record: adminDonationRecordSchema,
    id: { column: donationOrders.refnum, kind: 'refnum' },
    select: selectDonations,
    sortable: {
      createdAt: donationOrders.createdAt,
      updatedAt: donationOrders.updatedAt,
      state: donationOrders.state,
      ageDays: donationOrders.createdAt,
      contactBy: donationOrders.contactBy,
    },
    filters: {
      q: searchFilter({
        equals: [donationOrders.refnum, listings.refnum],
        contains: [listings.title, donors.email, recipients.email, organizations.name],
      }),
      state: textFilter((state) => sql`${donationOrders.state}::text = ${state}`),
      overdue: boolFilter((overdue) => (overdue ? overdueWhere(clock.now()) : not(overdueWhere(clock.now())))),
    },
    toRecords: (db, rows) => toDonationRecords(db, rows, clock.now()),
    update: {
      input: adminDonationChangeSchema,
      async run(tx, id, input, ctx) {
        const now = clock.now();
        const found = await orderWithListing(tx, eq(donationOrders.refnum, String(id)));
        if (!found) throw new AppError(404, donationMessages.orderNotFound, { reason: 'donation_not_found' });
        if (input.contactNote) {
          await tx
            .insert(donationContactNotes)
            .values({ orderId: found.row.id, adminId: ctx.actorId, note: input.contactNote, at: now });
          await tx
            .update(donationOrders)
            .set({ contactedAt: now, updatedAt: now })
            .where(eq(donationOrders.id, found.row.id));
        }
        if (input.event) {
          await takeDonationStep(tx, deps, found, input.event, { userId: ctx.actorId, role: 'admin' }, now);
        }
      },
    },
  });
}
