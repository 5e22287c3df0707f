import type { OutboxMail } from '@yardly/shared/contract';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { mailOutbox } from '../../db/schema/index';

export const OUTBOX_LIMIT = 50;

/** The newest mails of the outbox, newest first; `to` keeps those sent to that address, in any case. */
export async function recentMails(db: Db, to?: string): Promise<OutboxMail[]> {
  const wanted = to?.trim().toLowerCase();
  const rows = await db
    .select({ to: mailOutbox.to, subject: mailOutbox.subject, text: mailOutbox.text, sentAt: mailOutbox.sentAt })
    .from(mailOutbox)
    .where(wanted ? eq(sql`lower(${mailOutbox.to})`, wanted) : undefined)
    // Two mails in the same microsecond still come out in the order they were written.
    .orderBy(desc(mailOutbox.sentAt), desc(mailOutbox.id))
    .limit(OUTBOX_LIMIT);
  return rows.map((row) => ({ ...row, sentAt: new Date(row.sentAt).toISOString() }));
}
