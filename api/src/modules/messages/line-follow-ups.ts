import { asc, eq, inArray, sql, type WithSubquery } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { createDrainLoop } from '../../db/drain-loop';
import { conversations, lineFollowUps, messages } from '../../db/schema/index';
import { afterCommit } from '../../db/transaction-end';
import type { AppServices } from '../../services';
import type { LiveEvent } from '../live/log';
import { type ConversationRef, messageColumns, sectionOf, selectConversationRefs, toMessage } from './conversations';
import { type LineNotice, type NoticedLine, noticeConversationLines } from './line-notices';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's line follower (tests stop it, and reach it as the capabilities do). */
    lineFollower: LineFollower;
  }
}

/** Lines followed up per transaction. */
const BATCH = 200;
/** Lines nobody woke this process for (a process that died after its answer) are looked for this often. */
const POLL_MS = 1_000;

type FollowerServices = Pick<AppServices, 'db' | 'clock' | 'live' | 'jobs'>;

/**
 * What follows a conversation line once it has committed (ADR 0073): the line's transaction
 * writes it and one `line_follow_ups` row; the follower then makes, from the committed rows, the
 * other party's notification (with their unread count), its delivery job (push and email) and
 * both parties' live events, and deletes the row, in one transaction per batch of lines. Woken by
 * this process's commits; a row another process left (it died after answering) is found by the
 * poll, and at start. Lines are followed in their order, one batch at a time across processes.
 */
export function createLineFollower(s: FollowerServices, onError: (error: unknown) => void) {
  const loop = createDrainLoop({
    batch: () => s.db.transaction((tx) => followUpBatch(tx, s)),
    onError,
    pollMs: POLL_MS,
    // One cheap read a poll; a transaction only when a line waits.
    waiting: async () =>
      (await s.db.select({ messageId: lineFollowUps.messageId }).from(lineFollowUps).limit(1)).length > 0,
  });
  return {
    /** Follow up what has committed, now (after a commit that wrote lines). */
    kick: loop.kick,
    /**
     * Resolves once the lines this process has committed are followed up: a read of notifications
     * here sees the notification of every line this process answered for.
     */
    settled: loop.settled,
    start: loop.start,
    stop: loop.stop,
  };
}

export type LineFollower = ReturnType<typeof createLineFollower>;

/** Leaves a line's follow-up for after `tx` commits: this process's follower looks at once (else at its next poll). */
export function followAfterCommit(tx: Db, follower: Pick<LineFollower, 'kick'>): void {
  if (!afterCommit(tx, follower.kick)) follower.kick();
}

/**
 * One batch, oldest line first: whether it was full (more may wait). The rows are locked as they
 * are read (waiting for another process's batch that holds them, whose lines are then gone):
 * batches commit one after the other, in the lines' order. A line's conversation, with its
 * parties, is read as every other conversation is.
 */
async function followUpBatch(tx: Db, s: FollowerServices): Promise<boolean> {
  const found = await tx
    .select({
      // Its commit is not waited for on disk: all it writes derives from rows already durable, and
      // a batch lost with the database is lost whole, its rows with it, and followed up again.
      asyncCommit: sql`set_config('synchronous_commit', 'off', true)`,
      messageId: lineFollowUps.messageId,
      writerId: lineFollowUps.writerId,
      title: lineFollowUps.title,
      notice: lineFollowUps.notice,
      conversationId: messages.conversationId,
      ...messageColumns,
    })
    .from(lineFollowUps)
    .innerJoin(messages, eq(messages.id, lineFollowUps.messageId))
    .orderBy(asc(lineFollowUps.messageId))
    .limit(BATCH)
    .for('update', { of: lineFollowUps });
  if (found.length === 0) return false;
  const refs = await selectConversationRefs(
    tx,
    inArray(conversations.id, [...new Set(found.map((l) => l.conversationId))]),
  );
  const byId = new Map(refs.map((c) => [c.id, c]));
  const lines = found.flatMap((row) => {
    const conversation = byId.get(row.conversationId);
    return conversation ? [{ ...row, notice: row.notice as LineNotice, conversation }] : [];
  });
  // The rows go with the notifications' statement.
  const done = inArray(
    lineFollowUps.messageId,
    found.map((l) => l.messageId),
  );
  await tellOfLines(tx, s, lines, tx.$with('done').as(tx.delete(lineFollowUps).where(done).returning()));
  return found.length === BATCH;
}

/**
 * A system line (an offer's step) followed up in its own transaction rather than after it: the
 * step's own live events (the offer as it now is) come after its line's, as pages expect.
 */
export function followUpInTransaction(tx: Db, s: Pick<AppServices, 'live' | 'jobs'>, line: NoticedLine & MessageRow) {
  return tellOfLines(tx, s, [line]);
}

type MessageRow = { refnum: string; kind: 'text' | 'system'; body: string; senderId: number | null; createdAt: Date };

/** The lines' notifications (with their jobs) and both parties' live events, in the lines' order. */
async function tellOfLines(
  tx: Db,
  s: Pick<AppServices, 'live' | 'jobs'>,
  lines: readonly (NoticedLine & MessageRow)[],
  alongside?: WithSubquery,
) {
  const notices = await noticeConversationLines(tx, s, lines, alongside);
  await s.live.record(
    tx,
    lines.flatMap((line) => [...messageEvents(line.conversation, line), ...(notices.get(line.messageId) ?? [])]),
  );
}

/** The line on both parties' open pages. */
function messageEvents(conversation: ConversationRef, row: MessageRow): LiveEvent[] {
  return [conversation.buyerId, conversation.sellerId].map((userId) => ({
    userId,
    type: 'message',
    payload: {
      conversationId: conversation.refnum,
      listingRefnum: conversation.subject.refnum,
      section: sectionOf(conversation.subject),
      message: toMessage(conversation, userId, row),
    },
  }));
}
