import type { OutboxMail } from '@yardly/shared/contract';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { mailOutbox } from '../../db/schema/index';
import type { MailBodySealer } from './sealed-body';

export const OUTBOX_LIMIT = 50;

/** What the dev outbox shows for a body it cannot open. */
export const UNREADABLE_BODY = {
  dropped: '(recorded before mail bodies were sealed: the body was not kept)',
  otherSecret: '(sealed with another server secret: JWT_SECRET or DATA_DIR/secrets.json changed)',
};

/** The newest mails of the outbox, newest first; `to` keeps those sent to that address, in any case. */
export async function recentMails(db: Db, bodies: MailBodySealer, to?: string): Promise<OutboxMail[]> {
  const wanted = to?.trim().toLowerCase();
  const rows = await db
    .select({
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      sealedBody: mailOutbox.sealedBody,
      sentAt: mailOutbox.sentAt,
    })
    .from(mailOutbox)
    .where(wanted ? eq(sql`lower(${mailOutbox.to})`, wanted) : undefined)
    // Two mails in the same microsecond still come out in the order they were written.
    .orderBy(desc(mailOutbox.sentAt), desc(mailOutbox.id))
    .limit(OUTBOX_LIMIT);
  return rows.map(({ sealedBody, ...row }) => ({
    ...row,
    text: openText(bodies, sealedBody),
    sentAt: new Date(row.sentAt).toISOString(),
  }));
}

function openText(bodies: MailBodySealer, sealed: string | null): string {
  if (sealed === null) return UNREADABLE_BODY.dropped;
  try {
    return bodies.open(sealed).text;
  } catch {
    return UNREADABLE_BODY.otherSecret;
  }
}
