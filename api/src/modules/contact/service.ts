import type { ContactBody } from '@yardly/shared/contract';
import { CONTACT_LIMITS, contactMessages as texts } from '@yardly/shared/rules';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import { addMs, type Clock } from '../../clock/clock';
import type { Db } from '../../db/connect';
import { contactMessages } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { Jobs } from '../../jobs/runner';
import type { MailTransport } from '../mail/transport';
import { mailToSupportJob } from './jobs';

export interface ContactDeps {
  db: Db;
  jobs: Jobs;
  transport: MailTransport;
  clock: Clock;
  /** Where support reads the messages. */
  supportEmail: string;
}

export function contactService({ db, jobs, transport, clock, supportEmail }: ContactDeps) {
  const mailToSupport = mailToSupportJob({ transport, supportEmail });
  jobs.register(mailToSupport);

  async function sentSince(filter: ReturnType<typeof eq>): Promise<number> {
    const windowStart = addMs(clock.now(), -CONTACT_LIMITS.windowMinutes * 60_000);
    const [row] = await db
      .select({ n: count() })
      .from(contactMessages)
      .where(and(filter, gt(contactMessages.createdAt, windowStart)));
    return row?.n ?? 0;
  }

  return {
    /** Store the message and queue its mail to support; the stored row is the record either way. */
    async send(body: ContactBody, address: string) {
      const email = body.email.toLowerCase();
      if (
        (await sentSince(eq(sql`lower(${contactMessages.email})`, email))) >= CONTACT_LIMITS.perEmail ||
        (await sentSince(eq(contactMessages.address, address))) >= CONTACT_LIMITS.perAddress
      ) {
        throw new AppError(429, texts.tooMany);
      }
      // Stored and queued together: support gets the mail once the mail server takes it, however
      // long it is down; the sender's yes never waits for it.
      await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(contactMessages)
          .values({ ...body, address, createdAt: clock.now() })
          .returning({ id: contactMessages.id });
        if (!row) throw new Error('contact message not stored');
        await jobs.enqueue(tx, mailToSupport, { contactMessageId: row.id });
      });
      return { received: true as const, message: texts.sent };
    },
  };
}

export type ContactService = ReturnType<typeof contactService>;
