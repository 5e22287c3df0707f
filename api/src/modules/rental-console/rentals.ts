import { type AdminRentalRecord, adminRentalSchema, rentalModerationSchema } from '@yardly/shared/contract';
import { eventsFor, rentalProcess } from '@yardly/shared/rules';
import { asc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Clock } from '../../clock/clock';
import type { Db } from '../../db/connect';
import { rentalPhotos, rentalReports, rentals, users } from '../../db/schema/index';
import { AppError } from '../../errors';
import { defineResource, textFilter } from '../../http/console/define-resource';
import { containing } from '../../http/console/rest-adapter';
import { processHistories } from '../../process/history';
import { fileUrl } from '../files/urls';
import { moderateRental } from './moderation';

const openReports = sql<number>`(select count(*)::int from ${rentalReports}
  where ${rentalReports.rentalId} = ${rentals.id} and ${rentalReports.status} = 'open')`.mapWith(Number);

function selectRentals(db: Db) {
  return db
    .select({
      row: rentals,
      landlordId: users.refnum,
      landlordEmail: users.email,
      landlordFirst: users.nameFirst,
      landlordLast: users.nameLast,
      openReports,
    })
    .from(rentals)
    .innerJoin(users, eq(users.id, rentals.landlordId));
}

type RentalConsoleRow = Awaited<ReturnType<typeof selectRentals>>[number];

/** Rows to records with each rental's photos and state history (two queries for the page). */
async function toRentalRecords(db: Db, rows: RentalConsoleRow[]): Promise<AdminRentalRecord[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.row.id);
  const photos = await db
    .select()
    .from(rentalPhotos)
    .where(inArray(rentalPhotos.rentalId, ids))
    .orderBy(asc(rentalPhotos.picno));
  const historyOf = await processHistories(db, rentalProcess.name, ids);
  return rows.map(({ row, ...r }) => ({
    id: row.refnum,
    title: row.title,
    description: row.description,
    state: row.state,
    stateLabel: rentalProcess.states[row.state].label,
    actions: eventsFor(rentalProcess, row.state, 'admin', {}),
    propertyType: row.propertyType,
    bedrooms: row.bedrooms,
    bathrooms: Number(row.bathrooms),
    squareFeet: row.squareFeet,
    rentCents: row.rentCents,
    depositCents: row.depositCents,
    availableFrom: row.availableFrom,
    leaseMonths: row.leaseMonths,
    cats: row.cats,
    dogs: row.dogs,
    parking: row.parking,
    laundry: row.laundry,
    furnished: row.furnished,
    utilitiesIncluded: row.utilitiesIncluded,
    line1: row.line1,
    showStreet: row.showStreet,
    city: row.city,
    region: row.region,
    zip: row.zip,
    landlordId: r.landlordId,
    landlordEmail: r.landlordEmail,
    landlordName: `${r.landlordFirst} ${r.landlordLast}`.trim(),
    photos: photos.filter((p) => p.rentalId === row.id).map((p) => ({ src: fileUrl(p.path) })),
    openReports: r.openReports,
    history: historyOf.get(row.id) ?? [],
    listedAt: row.listedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

async function rentalIdOf(tx: Db, refnum: string | number): Promise<number> {
  const [row] = await tx
    .select({ id: rentals.id })
    .from(rentals)
    .where(eq(rentals.refnum, String(refnum)));
  if (!row) throw AppError.notFound('There is no such record in rentals');
  return row.id;
}

/**
 * The rental listings in the catalogue: search by state, zip, landlord or title; each with every
 * fact, its photos, landlord and state history. A moderator's button is an edit naming its event
 * (deactivate, activate, remove, restore), taken through the rental process; the adapter writes
 * it to the audit log with the rental before and after.
 */
export function rentalsResource(deps: { clock: Clock }) {
  return defineResource({
    name: 'rentals',
    record: adminRentalSchema,
    id: { column: rentals.refnum, kind: 'refnum' },
    select: selectRentals,
    sortable: {
      // A draft was never listed: it sorts by when it was made.
      listedAt: sql`coalesce(${rentals.listedAt}, ${rentals.createdAt})`,
      createdAt: rentals.createdAt,
      title: rentals.title,
      rentCents: rentals.rentCents,
      state: rentals.state,
      zip: rentals.zip,
      landlordEmail: users.email,
      openReports,
    },
    filters: {
      q: textFilter((text) => or(eq(rentals.refnum, text.toUpperCase()), ilike(rentals.title, containing(text)))),
      state: textFilter((state) => sql`${rentals.state}::text = ${state}`),
      zip: textFilter((zip) => eq(rentals.zip, zip)),
      landlord: textFilter((who) => or(eq(users.refnum, who.toUpperCase()), ilike(users.email, containing(who)))),
    },
    toRecords: toRentalRecords,
    update: {
      input: rentalModerationSchema,
      async run(tx, id, input, ctx) {
        await moderateRental(tx, await rentalIdOf(tx, id), input.event, ctx.actorId, deps.clock.now());
      },
    },
  });
}
