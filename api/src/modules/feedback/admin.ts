import { type ReviewRecord, reviewRecordSchema, reviewTagEditSchema } from '@yardly/shared/contract';
import { halvesToRating } from '@yardly/shared/rules';
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/connect';
import { feedback, listings, orders, users } from '../../db/schema/index';
import { defineResource, textFilter } from '../../http/console/define-resource';

const author = alias(users, 'review_author');
const reviewed = alias(users, 'review_subject');

/**
 * The console's reviews (ROLE_ADMIN only, as roles.ts has it): every review, published or not,
 * with its tag; only the tag is edited (review, whitelist, blacklist), audit-logged by the
 * adapter. A blacklisted review leaves the profiles and the rating at once.
 */
export const reviewsResource = defineResource({
  name: 'reviews',
  record: reviewRecordSchema,
  id: { column: feedback.id, kind: 'numeric' },
  select: (db: Db) =>
    db
      .select({
        id: feedback.id,
        orderId: orders.refnum,
        listingTitle: listings.title,
        fromEmail: author.email,
        aboutEmail: reviewed.email,
        aboutRole: feedback.aboutRole,
        ratingHalves: feedback.ratingHalves,
        feedbackContent: feedback.content,
        tag: feedback.tag,
        createdAt: feedback.createdAt,
        publishedAt: feedback.publishedAt,
      })
      .from(feedback)
      .innerJoin(author, eq(author.id, feedback.fromUserId))
      .innerJoin(reviewed, eq(reviewed.id, feedback.aboutUserId))
      .leftJoin(orders, eq(orders.id, feedback.orderId))
      .leftJoin(listings, eq(listings.id, feedback.listingId)),
  sortable: {
    createdAt: feedback.createdAt,
    publishedAt: feedback.publishedAt,
    rating: feedback.ratingHalves,
    tag: feedback.tag,
  },
  filters: {
    tag: textFilter((tag) => sql`${feedback.tag}::text = ${tag}`),
    orderId: textFilter((refnum) => eq(orders.refnum, refnum)),
  },
  toRecord: ({ ratingHalves, ...row }): ReviewRecord => ({
    ...row,
    rating: halvesToRating(ratingHalves),
    createdAt: row.createdAt.toISOString(),
    publishedAt: row.publishedAt.toISOString(),
  }),
  update: {
    input: reviewTagEditSchema,
    async run(tx, id, input) {
      await tx
        .update(feedback)
        .set({ tag: input.tag })
        .where(eq(feedback.id, Number(id)));
    },
  },
});
