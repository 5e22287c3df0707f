import { type AdminReferralFarmingRecord, adminReferralFarmingRecordSchema } from '@yardly/shared/contract';
import { ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { referrals, users } from '../../db/schema/index';
import { defineResource, textFilter } from '../../http/console/define-resource';
import { containing } from '../../http/console/rest-adapter';

/**
 * The signs, per referral, that the friend is a throwaway of the inviter's (issue 34): a device
 * the friend signed in from that the inviter or another of the inviter's friends also did; a
 * sign-up address another of the inviter's friends signed up from; an email never verified.
 */
function referralSigns(db: Db) {
  const sharedDevice = sql<boolean>`exists (
    select 1 from known_devices mine
    join known_devices theirs on theirs.device_hash = mine.device_hash and theirs.user_id <> mine.user_id
    where mine.user_id = ${referrals.referredId}
      and (theirs.user_id = ${referrals.referrerId}
        or theirs.user_id in (select other.referred_id from referrals other where other.referrer_id = ${referrals.referrerId})))`;
  const sharedAddress = sql<boolean>`${referrals.signupAddressHash} is not null and exists (
    select 1 from referrals other
    where other.referrer_id = ${referrals.referrerId} and other.id <> ${referrals.id}
      and other.signup_address_hash = ${referrals.signupAddressHash})`;
  return db
    .select({
      inviterId: sql<number>`${referrals.referrerId}`.as('inviter_id'),
      createdAt: sql<Date>`${referrals.createdAt}`.as('referred_at'),
      sharedDevice: sharedDevice.as('shared_device'),
      sharedAddress: sharedAddress.as('shared_address'),
      unverified: sql<boolean>`${users.emailVerifiedAt} is null`.as('unverified'),
      blocked: sql<boolean>`${referrals.blockedReason} is not null`.as('blocked'),
      heldRewards: sql<number>`(select count(*) from rewards held
        where held.referral_id = ${referrals.id} and held.state = 'pending')`.as('held_rewards'),
      heldAmount: sql<number>`(select coalesce(sum(held.amount_cents), 0) from rewards held
        where held.referral_id = ${referrals.id} and held.state = 'pending')`.as('held_amount'),
    })
    .from(referrals)
    .innerJoin(users, sql`${users.id} = ${referrals.referredId}`)
    .as('referral_signs');
}

function selectInviters(db: Db) {
  const signs = referralSigns(db);
  const flaggedSql = sql`count(*) filter (where ${signs.sharedDevice} or ${signs.sharedAddress} or ${signs.unverified})`;
  return db
    .select({
      id: users.refnum,
      inviterEmail: users.email,
      referred: sql<number>`count(*)::int`.as('referred'),
      sharedDevice: sql<number>`(count(*) filter (where ${signs.sharedDevice}))::int`.as('shared_device_count'),
      sharedAddress: sql<number>`(count(*) filter (where ${signs.sharedAddress}))::int`.as('shared_address_count'),
      unverified: sql<number>`(count(*) filter (where ${signs.unverified}))::int`.as('unverified_count'),
      flagged: sql<number>`(${flaggedSql})::int`.as('flagged'),
      blocked: sql<number>`(count(*) filter (where ${signs.blocked}))::int`.as('blocked_count'),
      heldRewards: sql<number>`sum(${signs.heldRewards})::int`.as('held_rewards_sum'),
      heldAmount: sql<number>`sum(${signs.heldAmount})::int`.as('held_amount_sum'),
      lastReferredAt: sql<Date>`max(${signs.createdAt})`.as('last_referred_at'),
    })
    .from(signs)
    .innerJoin(users, sql`${users.id} = ${signs.inviterId}`)
    .groupBy(users.id);
}

type InviterRow = Awaited<ReturnType<typeof selectInviters>>[number];

function toFarmingRecord(row: InviterRow): AdminReferralFarmingRecord {
  return { ...row, lastReferredAt: new Date(row.lastReferredAt).toISOString() };
}

/**
 * The console's referral farming view (issue 34): every inviter with the friends they brought
 * and how many of those look like throwaways, most flagged first. Read-only (nothing is
 * audit-logged); an admin voids the rewards still held through Rewards, filtered by inviter.
 */
export const referralFarmingResource = defineResource({
  name: 'referral-farming',
  record: adminReferralFarmingRecordSchema,
  id: { column: users.refnum, kind: 'refnum' },
  select: selectInviters,
  sortable: {
    flagged: sql`flagged`,
    referred: sql`referred`,
    heldAmount: sql`held_amount_sum`,
    lastReferredAt: sql`last_referred_at`,
  },
  filters: {
    q: textFilter((text) => or(ilike(users.email, containing(text)), sql`${users.refnum} = ${text}`)),
  },
  toRecord: toFarmingRecord,
});
