import { randomBytes } from 'node:crypto';
import type { CommunicationPreferences } from '@yardly/shared/contract';
import { communicationMessages, type MailList, maskEmail } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { communicationPreferences, users } from '../../db/schema/index';
import { AppError } from '../../errors';

type PreferencesRow = typeof communicationPreferences.$inferSelect;

function toPreferences(row: PreferencesRow): CommunicationPreferences {
  return {
    productRecommendations: row.productRecommendations,
    offersAndMessagesUpdates: row.offersAndMessagesUpdates,
    rentalMessagesUpdates: row.rentalMessagesUpdates,
    savedSearchAlerts: row.savedSearchAlerts,
  };
}

/** 32 random bytes: the id of /unsubscribe links, which work without logging in. */
function newUnsubscribeToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Communication preferences and their unsubscribe links (every optional mail is on until turned off). */
export function preferenceStore(db: Db) {
  /** The person's row, made with the defaults and a fresh token the first time it is needed. */
  async function row(userId: number): Promise<PreferencesRow> {
    await db
      .insert(communicationPreferences)
      .values({ userId, unsubscribeToken: newUnsubscribeToken() })
      .onConflictDoNothing({ target: communicationPreferences.userId });
    const [found] = await db.select().from(communicationPreferences).where(eq(communicationPreferences.userId, userId));
    if (!found) throw new AppError(401, 'Please log in again');
    return found;
  }

  async function set(userId: number, changes: Partial<CommunicationPreferences>) {
    await row(userId);
    const [updated] = await db
      .update(communicationPreferences)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(communicationPreferences.userId, userId))
      .returning();
    if (!updated) throw new AppError(401, 'Please log in again');
    return toPreferences(updated);
  }

  async function byToken(token: string) {
    const [found] = await db
      .select({ prefs: communicationPreferences, email: users.email })
      .from(communicationPreferences)
      .innerJoin(users, eq(users.id, communicationPreferences.userId))
      .where(eq(communicationPreferences.unsubscribeToken, token));
    if (!found) throw AppError.notFound(communicationMessages.badLink);
    return found;
  }

  return {
    async get(userId: number) {
      return toPreferences(await row(userId));
    },
    set,
    /** Whether a person wants mails of a list, and the token for the mail's unsubscribe link. */
    async forMail(userId: number, list: MailList): Promise<{ wanted: boolean; token: string }> {
      const found = await row(userId);
      return { wanted: found[list], token: found.unsubscribeToken };
    },
    /** What an unsubscribe link shows: the address masked, so a forwarded link leaks little. */
    async linkInfo(token: string) {
      const found = await byToken(token);
      return { email: maskEmail(found.email), preferences: toPreferences(found.prefs) };
    },
    async unsubscribe(token: string, changes: Partial<CommunicationPreferences>) {
      const found = await byToken(token);
      return { email: maskEmail(found.email), preferences: await set(found.prefs.userId, changes) };
    },
  };
}

export type PreferenceStore = ReturnType<typeof preferenceStore>;
