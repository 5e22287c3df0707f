import type { RentalDetail } from '@yardly/shared/contract';
import { authMessages, publicName, RENTAL_OPEN_STATES, rentalMessages } from '@yardly/shared/rules';
import { and, asc, desc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { rentalPhotos, rentals, users, zipCodes } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { Caller } from '../../http/caller';
import { fileUrl } from '../files/urls';
import { toRentalCard } from './cards';

/** About a kilometre: where the place is, never the house. */
const roundTo2 = (value: number) => Math.round(value * 100) / 100;

/**
 * A rental's page. Anyone opens an available, rented or deactivated one; a draft or a deleted
 * one only its landlord (everyone else: 404, as if there were none). The street line is given
 * to the public only when the landlord chose to show it; the location is the zip's rounded centre.
 */
export async function rentalDetail(db: Db, refnum: string | undefined, caller: Caller | null): Promise<RentalDetail> {
  // No refnum (spec section 7: it is optional): the caller's newest rental, a draft too, never a deleted one.
  if (!refnum && !caller) throw new AppError(401, authMessages.loginRequired);
  const which = refnum
    ? eq(rentals.refnum, refnum)
    : and(eq(rentals.landlordId, caller?.userId ?? 0), ne(rentals.state, 'deleted'));
  const [row] = await db
    .select({
      rental: rentals,
      landlordRefnum: users.refnum,
      landlordFirst: users.nameFirst,
      landlordLast: users.nameLast,
      landlordPicture: users.picturePath,
      landlordSince: users.createdAt,
      latitude: zipCodes.latitude,
      longitude: zipCodes.longitude,
    })
    .from(rentals)
    .innerJoin(users, eq(users.id, rentals.landlordId))
    .leftJoin(zipCodes, eq(zipCodes.zip, rentals.zip))
    .where(which)
    .orderBy(desc(rentals.createdAt), desc(rentals.id))
    .limit(1);
  const mine = Boolean(row && caller?.userId === row.rental.landlordId);
  if (!row || !(mine || RENTAL_OPEN_STATES.includes(row.rental.state)))
    throw AppError.notFound(rentalMessages.notFound);
  const r = row.rental;
  const photos = await db
    .select({ picno: rentalPhotos.picno, path: rentalPhotos.path })
    .from(rentalPhotos)
    .where(eq(rentalPhotos.rentalId, r.id))
    .orderBy(asc(rentalPhotos.picno));
  const card = toRentalCard({
    ...r,
    landlordRefnum: row.landlordRefnum,
    mainPhoto: photos[0]?.path ?? null,
  });
  return {
    ...card,
    description: r.description,
    deposit: r.depositCents,
    leaseMonths: r.leaseMonths,
    cats: r.cats,
    dogs: r.dogs,
    parking: r.parking,
    laundry: r.laundry,
    furnished: r.furnished,
    utilitiesIncluded: r.utilitiesIncluded,
    line1: mine || r.showStreet ? r.line1 : null,
    city: r.city,
    state: r.region,
    zip: r.zip,
    showStreet: r.showStreet,
    location:
      row.latitude === null || row.longitude === null
        ? null
        : { latitude: roundTo2(row.latitude), longitude: roundTo2(row.longitude) },
    pictures: photos.map((p) => ({ picno: p.picno, url: fileUrl(p.path) })),
    landlord: {
      userRefnum: row.landlordRefnum,
      name: publicName(row.landlordFirst, row.landlordLast),
      pictureUrl: row.landlordPicture ? fileUrl(row.landlordPicture) : null,
      memberSince: new Date(row.landlordSince).toISOString(),
    },
    rentalState: r.state,
    mine,
  };
}
