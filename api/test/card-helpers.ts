import type { SavedCard } from '@yardly/shared/contract';
import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema/index';
import { cardStore } from '../src/modules/payments/cards';
import type { PaymentProvider, ProviderCard } from '../src/modules/payments/provider';
import type { TestApp } from './harness';

let tokens = 0;

/** A card as a provider hands it back once it has paid (a fresh token unless one is given). */
export function providerCard(overrides: Partial<ProviderCard> = {}): ProviderCard {
  return { token: `pm_test_${++tokens}`, brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034, ...overrides };
}

/** Saves a card for a person as the orders capability does when the buyer ticks "save this card". */
export async function savedCardOf(
  t: TestApp,
  userRefnum: string,
  card: ProviderCard = providerCard(),
  provider: PaymentProvider['name'] = 'test',
): Promise<SavedCard> {
  const db = t.database.db;
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.refnum, userRefnum));
  if (!user) throw new Error(`no user ${userRefnum}`);
  const cards = cardStore({ db, clock: t.app.clock, provider });
  return db.transaction((tx) => cards.saveCardFromIntent(tx, user.id, card));
}
