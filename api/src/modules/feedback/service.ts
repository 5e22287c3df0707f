import type { ReceivedFeedback } from '@yardly/shared/contract';
import { halfStepRating, halvesToRating, profileMessages, publicName } from '@yardly/shared/rules';
import { and, desc, eq, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { feedback, users } from '../../db/schema/index';
import { AppError } from '../../errors';

type ReviewedAs = (typeof feedback.$inferSelect)['aboutRole'];

/**
 * The reviews anyone may read at `now`: published (both sides wrote, or the review window
 * closed) and not blacklisted by the console. Every public read of reviews goes through it.
 */
export function publicReview(now: Date) {
  return and(lte(feedback.publishedAt, now), ne(feedback.tag, 'blacklist'));
}

/** A person's rating at `now`: the average of their public reviews in half steps and the count, over both roles unless one is named. */
export async function ratingOf(db: Db, userId: number, now: Date, role?: ReviewedAs) {
  const [row] = await db
    .select({ avg: sql<string | null>`avg(${feedback.ratingHalves}) / 2.0`, n: sql<number>`count(*)::int` })
    .from(feedback)
    .where(and(eq(feedback.aboutUserId, userId), role ? eq(feedback.aboutRole, role) : undefined, publicReview(now)));
  return {
    rating: halfStepRating(row?.avg === null || row?.avg === undefined ? 0 : Number(row.avg)),
    count: row?.n ?? 0,
  };
}

/**
 * The reviews a person received as seller or as buyer (spec section 7, GET /svc/feedback/received):
 * a page of the public ones at `now`, newest first, and the aggregate over all of them.
 */
export async function receivedFeedback(
  db: Db,
  query: { userRefnum: string; asSeller: boolean; page: number; size: number },
  now: Date,
): Promise<ReceivedFeedback> {
  const [person] = await db.select({ id: users.id }).from(users).where(eq(users.refnum, query.userRefnum));
  if (!person) throw AppError.notFound(profileMessages.fetchError);
  const role: ReviewedAs = query.asSeller ? 'seller' : 'buyer';
  const [rows, aggregate] = await Promise.all([
    db
      .select({
        content: feedback.content,
        ratingHalves: feedback.ratingHalves,
        publishedAt: feedback.publishedAt,
        nameFirst: users.nameFirst,
        nameLast: users.nameLast,
      })
      .from(feedback)
      .innerJoin(users, eq(users.id, feedback.fromUserId))
      .where(and(eq(feedback.aboutUserId, person.id), eq(feedback.aboutRole, role), publicReview(now)))
      .orderBy(desc(feedback.publishedAt), desc(feedback.id))
      .limit(query.size)
      .offset(query.page * query.size),
    ratingOf(db, person.id, now, role),
  ]);
  return {
    feedbacks: {
      content: rows.map((r) => ({
        feedbackContent: r.content,
        // First name and initial: a review never spells out the reviewer's full name.
        feedbackSentByUsername: publicName(r.nameFirst, r.nameLast),
        // A review never changes once public: the moment it was published is its date.
        updatedAt: new Date(r.publishedAt).toISOString(),
        aggregateRating: halvesToRating(r.ratingHalves),
      })),
      number: query.page,
      size: query.size,
      totalElements: aggregate.count,
    },
    aggregate,
  };
}
