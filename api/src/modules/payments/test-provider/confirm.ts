import { createHmac } from 'node:crypto';
import {
  cardBrand,
  cardCvcProblem,
  cardDigits,
  cardExpiryProblem,
  cardMessages,
  cardNumberProblem,
  parseCardExpiry,
} from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import type { Clock } from '../../../clock/clock';
import type { Db } from '../../../db/connect';
import { testPaymentIntents } from '../../../db/schema/index';
import { AppError } from '../../../errors';
import type { Caller } from '../../../http/caller';
import { findIntent } from './intents';
import { DECLINING_TEST_CARDS } from './test-cards';

export interface CardForm {
  paymentIntentId: string;
  number: string;
  exp: string;
  cvc: string;
}

/**
 * The card's reusable token, as a Stripe PaymentMethod id names a card: the same number and
 * expiry always give the same token (so a card saved twice is one saved card), and nothing of
 * the number can be read back from it (a hash keyed with the server secret).
 */
export function testCardToken(secret: Uint8Array, digits: string, expiry: { month: number; year: number }): string {
  const hash = createHmac('sha256', secret).update(`test-card:${digits}:${expiry.month}/${expiry.year}`).digest();
  return `pm_test_${hash.subarray(0, 18).toString('base64url')}`;
}

/** Each problem of the form under its field, as the storefront's card form shows them. */
function formProblems(form: CardForm, now: Date): { field: string; message: string }[] {
  const digits = cardDigits(form.number) ?? '';
  const problems = [
    { field: 'number', message: cardNumberProblem(form.number) },
    { field: 'exp', message: cardExpiryProblem(form.exp, now) },
    { field: 'cvc', message: cardCvcProblem(form.cvc, cardBrand(digits)) },
  ];
  return problems.filter((p): p is { field: string; message: string } => p.message !== null);
}

/**
 * The part Stripe.js plays for Stripe (issue 18): the buyer's card authorises the intent they
 * started. A card the form refuses answers 400 under its field; Stripe's declining test numbers
 * answer 402 with the decline's words and leave the intent payable by another card; any other
 * valid card authorises it (`requires_capture`). Only the card's token, brand, last 4 and expiry
 * are kept: the intent knows the card that authorised it, as a Stripe intent knows its PaymentMethod.
 */
export async function confirmTestPayment(
  deps: { db: Db; clock: Clock; secret: Uint8Array },
  caller: Caller,
  form: CardForm,
) {
  const { db, clock, secret } = deps;
  const now = clock.now();
  return db.transaction(async (tx) => {
    const intent = await findIntent(tx, form.paymentIntentId, true);
    if (!intent || intent.metadata.buyerRefnum !== caller.userRefnum) {
      throw new AppError(404, 'This payment does not exist', { reason: 'intent_not_found' });
    }
    if (intent.status !== 'requires_payment_method') {
      throw AppError.conflict(`This payment is already ${intent.status.replaceAll('_', ' ')}`, intent.status);
    }
    const problems = formProblems(form, now);
    if (problems.length > 0)
      throw new AppError(400, problems[0]?.message ?? cardMessages.invalidNumber, { errors: problems });
    const digits = cardDigits(form.number) as string;
    const decline = DECLINING_TEST_CARDS[digits];
    if (decline) {
      await tx
        .update(testPaymentIntents)
        .set({ lastError: decline, updatedAt: now })
        .where(eq(testPaymentIntents.id, intent.id));
      return { declined: decline, answer: null };
    }
    const expiry = parseCardExpiry(form.exp) as { month: number; year: number };
    const card = {
      token: testCardToken(secret, digits, expiry),
      brand: cardBrand(digits) as string,
      last4: digits.slice(-4),
      expMonth: expiry.month,
      expYear: expiry.year,
    };
    await tx
      .update(testPaymentIntents)
      .set({ status: 'requires_capture', card, lastError: null, updatedAt: now })
      .where(eq(testPaymentIntents.id, intent.id));
    const answer = {
      paymentIntentId: intent.id,
      status: 'requires_capture' as const,
      card: { brand: card.brand, last4: card.last4 },
    };
    return { declined: null, answer };
  });
}
