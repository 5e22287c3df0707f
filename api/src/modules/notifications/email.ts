import {
  type MailList,
  NOTIFICATION_EMAIL_GAP_MINUTES,
  type NotificationSection,
  notificationsPagePath,
} from '@yardly/shared/rules';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { addMs } from '../../clock/clock';
import { sqlTime } from '../../clock/sql-time';
import type { Db } from '../../db/connect';
import { notificationEmails, notifications, users } from '../../db/schema/index';
import { defineJob } from '../../jobs/job';
import type { Jobs } from '../../jobs/runner';
import { connectedNow, isConnected } from '../live/presence';
import type { Mail, Mailer } from '../mail/mailer';
import { optionalMailer } from '../mail/optional-mail';
import { preferenceStore } from '../mail/preferences';
import { escapeHtml, greetingOf, mailHtml } from '../mail/templates';
import { type EmailJobPayload, NOTIFICATION_EMAIL_JOB } from './job-names';

/** Advisory lock space of "a conversation's notification email is being decided". */
const EMAIL_LOCK_SPACE = 727_276;

export interface EmailDeps {
  jobs: Jobs;
  mailer: Mailer;
  publicUrl: string;
}

/** The email step of a conversation run again when its 15 minutes are up (`emailStep` defers itself with it). */
export function emailJob(deps: EmailDeps) {
  return defineJob<EmailJobPayload>({
    name: NOTIFICATION_EMAIL_JOB,
    async run(payload, { db, now }) {
      await db.transaction((tx) => emailStep(tx, deps, payload, now));
    },
  });
}

/** The communication setting that allows a section's conversation emails. */
const MAIL_LIST_OF_SECTION: Record<NotificationSection, MailList> = {
  market: 'offersAndMessagesUpdates',
  rentals: 'rentalMessagesUpdates',
};

/**
 * Emails a person what is new in one conversation (issue 17), in the caller's transaction: only
 * while they have no live stream open, at most once per conversation per 15 minutes (what comes
 * sooner waits and goes in the next email), only when their setting for the conversation's
 * section allows it ('offers and messages' for a sale, 'rental messages' for a rental), always
 * with the unsubscribe link. A notification the email step has dealt with (mailed, or
 * passed over: read, seen live, unsubscribed) is never mailed later.
 */
export async function emailStep(tx: Db, deps: EmailDeps, { userId, conversationId }: EmailJobPayload, now: Date) {
  // One email step per conversation at a time, across processes: the gap is read and kept under it.
  await tx.execute(
    sql`select pg_advisory_xact_lock(${EMAIL_LOCK_SPACE}, (${conversationId}::bigint % 2147483647)::int)`,
  );
  // Seen live (a stream open) past the 15 minutes after the last email: what is new is dealt
  // with, unread, in one write (issue 38: on the embedded database each message's step shares
  // the one thread with the sends). Otherwise the step reads on, as below.
  const lastEmailedLately = sql`exists (select 1 from ${notificationEmails}
    where ${notificationEmails.userId} = ${userId} and ${notificationEmails.conversationId} = ${conversationId}
      and ${notificationEmails.lastEmailedAt} > ${sqlTime(addMs(now, -NOTIFICATION_EMAIL_GAP_MINUTES * 60_000))})`;
  const seen = await tx
    .update(notifications)
    .set({ mailHandledAt: now })
    .where(and(unmailedOf(userId, conversationId), connectedNow(userId, now), sql`not ${lastEmailedLately}`))
    .returning({ id: notifications.id });
  if (seen.length > 0) return;
  const [last] = await tx
    .select({ at: notificationEmails.lastEmailedAt })
    .from(notificationEmails)
    .where(and(eq(notificationEmails.userId, userId), eq(notificationEmails.conversationId, conversationId)));
  const nextAllowed = last && addMs(last.at, NOTIFICATION_EMAIL_GAP_MINUTES * 60_000);
  if (nextAllowed && nextAllowed > now) {
    // What came within 15 minutes of the last email waits for the next one (one deferred run per time).
    const key = `${userId}:${conversationId}:${nextAllowed.toISOString()}`;
    await deps.jobs.enqueue(tx, NOTIFICATION_EMAIL_JOB, { userId, conversationId }, { at: nextAllowed, key });
    return;
  }
  const pending = await unmailed(tx, userId, conversationId);
  if (pending.length === 0) return;
  const unread = pending.filter((n) => n.readAt === null);
  const [person] = await tx
    .select({ email: users.email, nameFirst: users.nameFirst })
    .from(users)
    .where(eq(users.id, userId));
  // One conversation, one section.
  const section = pending[0]?.section ?? 'market';
  if (unread.length > 0 && person && !(await isConnected(tx, userId, now))) {
    const mail = { to: person.email, ...activityMail(person.nameFirst, unread, deps.publicUrl, section) };
    // Preferences read in this transaction (an embedded database has one connection).
    const optional = optionalMailer({
      mailer: deps.mailer,
      preferences: preferenceStore(tx),
      publicUrl: deps.publicUrl,
    });
    const sent = await optional.send(userId, MAIL_LIST_OF_SECTION[section], mail, { db: tx });
    if (sent === 'sent') {
      await tx
        .insert(notificationEmails)
        .values({ userId, conversationId, lastEmailedAt: now })
        .onConflictDoUpdate({
          target: [notificationEmails.userId, notificationEmails.conversationId],
          set: { lastEmailedAt: now },
        });
    }
  }
  await markMailHandled(tx, pending, now);
}

/** These notifications are dealt with by the email step (mailed, or left out on purpose). */
export async function markMailHandled(tx: Db, handled: { id: number }[], now: Date): Promise<void> {
  await tx
    .update(notifications)
    .set({ mailHandledAt: now })
    .where(
      inArray(
        notifications.id,
        handled.map((n) => n.id),
      ),
    );
}

/** A person's notifications about a conversation the email step has not dealt with, oldest first (locked). */
function unmailed(tx: Db, userId: number, conversationId: number) {
  return tx
    .select({
      id: notifications.id,
      section: notifications.section,
      text: notifications.text,
      link: notifications.link,
      readAt: notifications.readAt,
    })
    .from(notifications)
    .where(unmailedOf(userId, conversationId))
    .orderBy(asc(notifications.id))
    .for('update');
}

/** A person's notifications about a conversation that the email step has not dealt with yet. */
function unmailedOf(userId: number, conversationId: number) {
  return and(
    eq(notifications.userId, userId),
    eq(notifications.conversationId, conversationId),
    isNull(notifications.mailHandledAt),
  );
}

/**
 * The email listing what is new (a conversation's lines, or a person's notices), each line with
 * its link, and the link to the section's notifications page.
 */
export function activityMail(
  nameFirst: string,
  items: { text: string; link: string | null }[],
  publicUrl: string,
  section: NotificationSection = 'market',
): Omit<Mail, 'to'> {
  const allUrl = `${publicUrl}${notificationsPagePath(section)}`;
  const greeting = greetingOf(nameFirst);
  const subject =
    items.length === 1 ? (items[0]?.text ?? 'New activity on Yardly') : `${items.length} updates on Yardly`;
  const lines = items.map((item) => ({ text: item.text, url: item.link ? `${publicUrl}${item.link}` : allUrl }));
  const text = [
    greeting,
    '',
    'Here is what is new on Yardly:',
    '',
    ...lines.map((l) => `- ${l.text}\n  ${l.url}`),
    '',
    `All your notifications: ${allUrl}`,
    '',
    'The Yardly team',
    '',
  ].join('\n');
  const html = mailHtml(
    subject,
    `<p style="margin: 0 0 16px; font-size: 16px; line-height: 1.5;">${escapeHtml(greeting)}</p>
<p style="margin: 0 0 16px; font-size: 16px; line-height: 1.5;">Here is what is new on Yardly:</p>
<ul style="margin: 0 0 16px; padding-left: 20px; font-size: 16px; line-height: 1.5;">
${lines.map((l) => `<li><a href="${escapeHtml(l.url)}">${escapeHtml(l.text)}</a></li>`).join('\n')}
</ul>
<p style="margin: 0; font-size: 14px; color: #57534e;"><a href="${escapeHtml(allUrl)}">All your notifications</a></p>
`,
  );
  return { subject, text, html };
}
