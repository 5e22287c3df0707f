import type { ReceivedFeedback } from '@yardly/shared/contract';
import { halfStepRating, profileMessages, publicName } from '@yardly/shared/rules';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { feedback, users } from '../../db/schema/index';
import { AppError } from '../../errors';

type ReviewedAs = (typeof feedback.$inferSelect)['aboutRole'];

/** A person's rating: the average of their reviews in half steps and the count, over both roles unless one is named. */
export async function ratingOf(db: Db, userId: number, role?: ReviewedAs) {
  const [row] = await db
    .select({ avg: sql<string | null>`avg(${feedback.rating})`, n: sql<number>`count(*)::int` })
    .from(feedback)
    .where(and(eq(feedback.aboutUserId, userId), role ? eq(feedback.aboutRole, role) : undefined));
  return {
    rating: halfStepRating(row?.avg === null || row?.avg === undefined ? 0 : Number(row.avg)),
    count: row?.n ?? 0,
  };
}

/**
 * The reviews a person received as seller or as buyer (spec section 7, GET /svc/feedback/received):
 * a page, newest first, and the aggregate over all of them. Reviews are written with orders.
 */
export async function receivedFeedback(
  db: Db,
  query: { userRefnum: string; asSeller: boolean; page: number; size: number },
): Promise<ReceivedFeedback> {
  const [person] = await db.select({ id: users.id }).from(users).where(eq(users.refnum, query.userRefnum));
  if (!person) throw AppError.notFound(profileMessages.fetchError);
  const role: ReviewedAs = query.asSeller ? 'seller' : 'buyer';
  const [rows, aggregate] = await Promise.all([
    db
      .select({
        content: feedback.content,
        rating: feedback.rating,
        updatedAt: feedback.updatedAt,
        nameFirst: users.nameFirst,
        nameLast: users.nameLast,
      })
      .from(feedback)
      .innerJoin(users, eq(users.id, feedback.fromUserId))
      .where(and(eq(feedback.aboutUserId, person.id), eq(feedback.aboutRole, role)))
      .orderBy(desc(feedback.updatedAt), desc(feedback.id))
      .limit(query.size)
      .offset(query.page * query.size),
    ratingOf(db, person.id, role),
  ]);
  return {
    feedbacks: {
      content: rows.map((r) => ({
        feedbackContent: r.content,
        // First name and initial: a review never spells out the reviewer's full name.
        feedbackSentByUsername: publicName(r.nameFirst, r.nameLast),
        updatedAt: new Date(r.updatedAt).toISOString(),
        aggregateRating: halfStepRating(r.rating),
      })),
      number: query.page,
      size: query.size,
      totalElements: aggregate.count,
    },
    aggregate,
  };
}
