import type { FullProfile, ListingPage, Profile, UpdateName, UpdateProfile } from '@yardly/shared/contract';
import { addressMessages, normalizePhone, profileMessages } from '@yardly/shared/rules';
import { and, eq, sql } from 'drizzle-orm';
import type { Clock } from '../../clock/clock';
import type { Db } from '../../db/connect';
import { listings, organizations, userContacts, users, zipCodes } from '../../db/schema/index';
import { AppError } from '../../errors';
import { companyStatusOf, isVerifiedProfessional } from '../auth/users';
import { ratingOf } from '../feedback/service';
import { fileUrl } from '../files/urls';
import { cardPage, placeName } from '../listings/cards';
import { liveListing } from '../listings/live';
import { soldListing, visibleListing } from '../listings/visibility';

type UserRow = typeof users.$inferSelect;

async function userByRefnum(db: Db, refnum: string): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.refnum, refnum));
  if (!row) throw AppError.notFound(profileMessages.fetchError);
  return row;
}

async function userById(db: Db, id: number): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  if (!row) throw new AppError(401, 'Please log in again');
  return row;
}

async function publicProfile(db: Db, clock: Clock, user: UserRow): Promise<Profile> {
  const [place] = user.zip
    ? await db
        .select({ city: zipCodes.city, stateCode: zipCodes.stateCode })
        .from(zipCodes)
        .where(eq(zipCodes.zip, user.zip))
    : [];
  const [org] = user.organizationId
    ? await db
        .select({ name: organizations.name, status: organizations.status })
        .from(organizations)
        .where(eq(organizations.id, user.organizationId))
    : [];
  const [sold] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(listings)
    .where(and(eq(listings.sellerId, user.id), soldListing));
  const companyStatus = await companyStatusOf(db, user);
  return {
    user: {
      refnum: user.refnum,
      name: `${user.nameFirst} ${user.nameLast}`.trim(),
      location: place ? placeName(place.city, place.stateCode) : null,
      pictureUrl: user.picturePath ? fileUrl(user.picturePath) : null,
      isProfessionVerified: isVerifiedProfessional(user, companyStatus),
      isprogressiveAccount: user.isProgressive,
      referralPath: `/refer-a-friend/${user.refnum}`,
    },
    organization: org ?? null,
    userratings: await ratingOf(db, user.id, clock.now()),
    itemsSold: sold?.n ?? 0,
  };
}

export function profileService(db: Db, clock: Clock) {
  async function fullProfile(userId: number): Promise<FullProfile> {
    const user = await userById(db, userId);
    const [contacts] = await db.select().from(userContacts).where(eq(userContacts.userId, userId));
    return {
      ...(await publicProfile(db, clock, user)),
      account: {
        nameFirst: user.nameFirst,
        nameLast: user.nameLast,
        email: user.email,
        alternateEmail: contacts?.alternateEmail ?? null,
        phoneNumber: contacts?.phone ?? null,
        zip: user.zip,
        hasPassword: user.passwordHash !== null,
      },
    };
  }

  return {
    async profile(refnum: string): Promise<Profile> {
      return publicProfile(db, clock, await userByRefnum(db, refnum));
    },

    fullProfile,

    async updateName(userId: number, input: UpdateName) {
      await db.update(users).set({ nameFirst: input.nameFirst, nameLast: input.nameLast }).where(eq(users.id, userId));
      return fullProfile(userId);
    },

    async updateProfile(userId: number, input: UpdateProfile) {
      if (input.zip) {
        const [known] = await db.select({ zip: zipCodes.zip }).from(zipCodes).where(eq(zipCodes.zip, input.zip));
        if (!known) throw AppError.badRequest(addressMessages.zipInvalid, 'zip');
      }
      const phone = input.phoneNumber ? normalizePhone(input.phoneNumber) : null;
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ zip: input.zip ?? null })
          .where(eq(users.id, userId));
        const contacts = { alternateEmail: input.alternateEmail ?? null, phone, updatedAt: clock.now() };
        await tx
          .insert(userContacts)
          .values({ userId, ...contacts })
          .onConflictDoUpdate({ target: userContacts.userId, set: contacts });
      });
      return fullProfile(userId);
    },

    /** Others see a person's live listings of the public marketplace; the person also sees sold, expired and inactive ones. */
    async listings(refnum: string, viewerId: number | undefined, page: number, size: number): Promise<ListingPage> {
      const owner = await userByRefnum(db, refnum);
      const now = clock.now();
      const where =
        viewerId === owner.id
          ? and(eq(listings.sellerId, owner.id), visibleListing('listed', 'owner', now))
          : and(eq(listings.sellerId, owner.id), liveListing(now));
      return cardPage(db, where, { page, size }, now);
    },
  };
}

export type ProfileService = ReturnType<typeof profileService>;
