import type { SavedCard } from '@yardly/shared/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { Clock } from '../../clock/clock';
import type { Db } from '../../db/connect';
import { newRefnum } from '../../db/refnum';
import { savedCards } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { PaymentProvider, ProviderCard } from './provider';
import type { Tx } from './webhook-registry';

type CardRow = typeof savedCards.$inferSelect;

export const CARD_NOT_FOUND = 'This card was not found in your account';
export const CARD_EXPIRED = 'This saved card has expired: pay with another card, or delete it and add it again';

export interface CardStoreDeps {
  db: Db;
  clock: Clock;
  /** The provider whose tokens are kept and shown: a token of another provider cannot pay here. */
  provider: PaymentProvider['name'];
}

/**
 * A person's saved cards (issue 18): only the provider's token, brand, last 4 and expiry are
 * stored. The orders capability saves one when the buyer ticks "save this card".
 */
export function cardStore({ db, clock, provider }: CardStoreDeps) {
  /** A card is good through the last day of its expiry month (as card networks read MM/YY). */
  const expired = (row: CardRow) => {
    const now = clock.now();
    const [year, month] = [now.getUTCFullYear(), now.getUTCMonth() + 1];
    return row.expYear < year || (row.expYear === year && row.expMonth < month);
  };
  const toCard = (row: CardRow): SavedCard => ({
    id: row.refnum,
    brand: row.brand,
    last4: row.last4,
    expMonth: row.expMonth,
    expYear: row.expYear,
    exp: `${String(row.expMonth).padStart(2, '0')}/${String(row.expYear % 100).padStart(2, '0')}`,
    expired: expired(row),
  });

  return {
    async list(userId: number): Promise<SavedCard[]> {
      const rows = await db
        .select()
        .from(savedCards)
        .where(and(eq(savedCards.userId, userId), eq(savedCards.provider, provider)))
        .orderBy(desc(savedCards.createdAt), desc(savedCards.id));
      return rows.map(toCard);
    },

    /**
     * The provider's token of one of the person's cards, to pay with: someone else's, another
     * provider's or an unknown one answers 404 (nothing says it exists), an expired one 400.
     */
    async tokenToPay(userId: number, refnum: string): Promise<string> {
      const [row] = await db
        .select()
        .from(savedCards)
        .where(and(eq(savedCards.refnum, refnum), eq(savedCards.userId, userId), eq(savedCards.provider, provider)));
      if (!row) throw new AppError(404, CARD_NOT_FOUND, { reason: 'card_not_found' });
      if (expired(row)) throw new AppError(400, CARD_EXPIRED, { field: 'paymentCardId', reason: 'card_expired' });
      return row.token;
    },

    /** Someone else's card answers as an unknown one: 404, and nothing says it exists. */
    async remove(userId: number, refnum: string): Promise<{ id: string; deleted: true }> {
      const gone = await db
        .delete(savedCards)
        .where(and(eq(savedCards.refnum, refnum), eq(savedCards.userId, userId)))
        .returning({ id: savedCards.refnum });
      if (gone.length === 0) throw new AppError(404, CARD_NOT_FOUND, { reason: 'card_not_found' });
      return { id: refnum, deleted: true };
    },

    /**
     * Keeps the card that authorised an intent, in the caller's transaction; the same token
     * saved again is the same card (its row is kept, its expiry brought up to date).
     */
    async saveCardFromIntent(tx: Tx, userId: number, card: ProviderCard): Promise<SavedCard> {
      const values = { brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear };
      const [row] = await tx
        .insert(savedCards)
        .values({ ...values, refnum: newRefnum('card'), userId, provider, token: card.token, createdAt: clock.now() })
        .onConflictDoUpdate({ target: [savedCards.userId, savedCards.provider, savedCards.token], set: values })
        .returning();
      return toCard(row as CardRow);
    },
  };
}

export type CardStore = ReturnType<typeof cardStore>;
