import { type ConversationRecord, conversationRecordSchema } from '@yardly/shared/contract';
import { asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/connect';
import { conversations, listingReports, listings, messages, users } from '../../db/schema/index';
import { defineResource, textFilter } from '../../http/console/define-resource';

/** The console shows this many of a conversation's latest lines. */
export const CONSOLE_LINES = 200;

const buyer = alias(users, 'buyer');
const seller = alias(users, 'seller');

/** Conversations about a reported listing, read-only (no writes: the console cannot write into them). */
export const conversationsResource = defineResource({
  name: 'conversations',
  record: conversationRecordSchema,
  id: { column: conversations.refnum, kind: 'refnum' },
  select: (db: Db) => {
    // Only conversations about a listing someone reported: the console reads them to judge the report, nothing else.
    const reported = db.selectDistinct({ listingId: listingReports.listingId }).from(listingReports).as('reported');
    return db
      .select({
        id: conversations.refnum,
        conversationId: conversations.id,
        buyerId: conversations.buyerId,
        listingId: listings.refnum,
        listingTitle: listings.title,
        buyerEmail: buyer.email,
        sellerEmail: seller.email,
        lastMessageAt: conversations.lastMessageAt,
        messageCount: sql<number>`(select count(*)::int from ${messages} where ${messages.conversationId} = ${conversations.id})`,
      })
      .from(conversations)
      .innerJoin(listings, eq(listings.id, conversations.listingId))
      .innerJoin(buyer, eq(buyer.id, conversations.buyerId))
      .innerJoin(seller, eq(seller.id, conversations.sellerId))
      .innerJoin(reported, eq(reported.listingId, conversations.listingId));
  },
  sortable: { lastMessageAt: conversations.lastMessageAt },
  filters: { listingId: textFilter((refnum) => eq(listings.refnum, refnum)) },
  async toRecords(db, rows): Promise<ConversationRecord[]> {
    if (rows.length === 0) return [];
    const ranked = db
      .select({
        conversationId: messages.conversationId,
        refnum: messages.refnum,
        kind: messages.kind,
        body: messages.body,
        senderId: messages.senderId,
        createdAt: messages.createdAt,
        latest:
          sql<number>`row_number() over (partition by ${messages.conversationId} order by ${messages.id} desc)`.as(
            'latest',
          ),
      })
      .from(messages)
      .where(
        inArray(
          messages.conversationId,
          rows.map((r) => r.conversationId),
        ),
      )
      .as('ranked');
    const lines = await db
      .select()
      .from(ranked)
      .where(lte(ranked.latest, CONSOLE_LINES))
      .orderBy(asc(ranked.conversationId), desc(ranked.latest));
    return rows.map(({ conversationId, buyerId, lastMessageAt, ...row }) => ({
      ...row,
      lastMessageAt: lastMessageAt.toISOString(),
      messages: lines
        .filter((l) => l.conversationId === conversationId)
        .map((l) => ({
          messageId: l.refnum,
          kind: l.kind,
          text: l.body,
          from: l.senderId === null ? 'system' : l.senderId === buyerId ? 'buyer' : 'seller',
          createdAt: l.createdAt.toISOString(),
        })),
    }));
  },
});
