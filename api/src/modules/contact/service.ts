import type { ContactBody } from '@yardly/shared/contract';
import { CONTACT_LIMITS, contactMessages as texts } from '@yardly/shared/rules';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { contactMessages } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { Mailer } from '../mail/mailer';
import { contactMail } from './mail';

export interface ContactDeps {
  db: Db;
  mailer: Mailer;
  /** Where support reads the messages. */
  supportEmail: string;
  log: { error(obj: object, msg: string): void };
}

export function contactService({ db, mailer, supportEmail, log }: ContactDeps) {
  const windowStart = sql`now() - make_interval(mins => ${CONTACT_LIMITS.windowMinutes})`;

  async function sentSince(filter: ReturnType<typeof eq>): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(contactMessages)
      .where(and(filter, gt(contactMessages.createdAt, windowStart)));
    return row?.n ?? 0;
  }

  return {
    /** Store the message, then mail it to support; the stored row is the record either way. */
    async send(body: ContactBody, address: string) {
      const email = body.email.toLowerCase();
      if (
        (await sentSince(eq(sql`lower(${contactMessages.email})`, email))) >= CONTACT_LIMITS.perEmail ||
        (await sentSince(eq(contactMessages.address, address))) >= CONTACT_LIMITS.perAddress
      ) {
        throw new AppError(429, texts.tooMany);
      }
      const [row] = await db
        .insert(contactMessages)
        .values({ ...body, address })
        .returning({ id: contactMessages.id });
      if (!row) throw new Error('contact message not stored');
      try {
        await mailer.send({ to: supportEmail, ...contactMail(body, row.id) });
        await db.update(contactMessages).set({ mailedAt: new Date() }).where(eq(contactMessages.id, row.id));
      } catch (cause) {
        // Stored is received: support also works from the table, so the sender still gets a yes.
        log.error({ err: cause, contactMessageId: row.id }, 'contact message stored but not mailed to support');
      }
      return { received: true as const, message: texts.sent };
    },
  };
}

export type ContactService = ReturnType<typeof contactService>;
