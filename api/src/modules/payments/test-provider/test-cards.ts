import { cardMessages } from '@yardly/shared/rules';

/**
 * Stripe's public test numbers that fail (stripe.com/docs/testing), with the words Stripe.js
 * shows for them. Any other valid number authorises (4242 4242 4242 4242 first of all).
 */
export const DECLINING_TEST_CARDS: Readonly<Record<string, string>> = {
  '4000000000000002': cardMessages.declined,
  '4000000000009995': cardMessages.insufficientFunds,
  '4000000000009987': cardMessages.declined,
  '4000000000000069': cardMessages.expired,
  '4000000000000127': 'Your card’s security code is incorrect.',
  '4000000000000119': 'An error occurred while processing your card. Try again in a little bit.',
};

/**
 * Stripe's public test bank account numbers whose payouts fail (stripe.com/docs/connect/testing),
 * with the failure the built-in provider answers for them. Any other account is paid.
 */
export const FAILING_TEST_BANK_ACCOUNTS: Readonly<Record<string, string>> = {
  '000111111116': 'The bank account does not exist (no_account)',
  '000111111113': 'The bank account has been closed (account_closed)',
  '000222222227': 'The bank account has insufficient funds (insufficient_funds)',
};
