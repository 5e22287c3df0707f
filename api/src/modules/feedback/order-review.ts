import type { OrderReview } from '@yardly/shared/contract';
import { leaveReviewMessages, publicName } from '@yardly/shared/rules';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { listings, orders, users } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { Caller } from '../../http/caller';
import { callersOrdersOfListing, orderFor } from '../orders/access';
import { completedAt, reviewsOfOrder, reviewWindow, toWrittenReview } from './reviews';

/** The caller's latest order of a listing, as its buyer or its seller (the dialog opened with a listingRefnum). */
async function callersOrderOfListing(db: Db, caller: Caller, listingRefnum: string): Promise<string> {
  const [row] = await callersOrdersOfListing(db, caller, listingRefnum)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(1);
  if (!row) throw AppError.notFound(leaveReviewMessages.noOrder);
  return row.refnum;
}

/**
 * GET /svc/feedback/order: where the caller stands on reviewing one of their orders. The other
 * side's review is shown only once it is public (and not blacklisted): never before.
 */
export async function orderReviewFor(
  db: Db,
  caller: Caller,
  query: { orderId?: string; listingRefnum?: string },
  now: Date,
): Promise<OrderReview> {
  const orderId = query.orderId ?? (await callersOrderOfListing(db, caller, query.listingRefnum ?? ''));
  const { order, party } = await orderFor(db, caller, orderId, 'show');
  if (party === 'admin') throw new AppError(403, leaveReviewMessages.notAParty, { reason: 'not_a_party' });
  const other = party === 'buyer' ? order.sellerId : order.buyerId;
  const [[listing], [otherUser], completed, reviews] = await Promise.all([
    db
      .select({ refnum: listings.refnum, title: listings.title })
      .from(listings)
      .where(eq(listings.id, order.listingId)),
    db.select({ nameFirst: users.nameFirst, nameLast: users.nameLast }).from(users).where(eq(users.id, other)),
    completedAt(db, order.id),
    reviewsOfOrder(db, order.id),
  ]);
  const mine = reviews.find((r) => r.fromUserId === caller.userId);
  const theirs = reviews.find((r) => r.fromUserId === other);
  const until = completed ? reviewWindow(completed).until : null;
  const theirsPublic = theirs && theirs.tag !== 'blacklist' && theirs.publishedAt.getTime() <= now.getTime();
  return {
    orderId: order.refnum,
    listingRefnum: listing?.refnum ?? '',
    listingTitle: listing?.title ?? '',
    role: party === 'buyer' ? 'buying' : 'selling',
    otherPartyName: otherUser ? publicName(otherUser.nameFirst, otherUser.nameLast) : '',
    completedAt: completed?.toISOString() ?? null,
    reviewBy: until?.toISOString() ?? null,
    canReview: !mine && until !== null && now.getTime() < until.getTime(),
    mine: mine ? toWrittenReview(mine, now) : null,
    theirs: theirsPublic ? toWrittenReview(theirs, now) : null,
  };
}
