import AccountSettings from './AccountSettings.astro';
import Buying from './Buying.astro';
import Donation from './Donation.astro';
import Legal from './Legal.astro';
import OrderManagement from './OrderManagement.astro';
import Payment from './Payment.astro';
import Return from './Return.astro';
import Rewards from './Rewards.astro';
import Selling from './Selling.astro';
import Signup from './Signup.astro';

/** The answers of each FAQ topic, by slug (lib/faq.ts lists the topics). */
export const FAQ_ANSWERS = {
  signup: Signup,
  selling: Selling,
  buying: Buying,
  accountsettings: AccountSettings,
  return: Return,
  payment: Payment,
  ordermanagement: OrderManagement,
  legal: Legal,
  rewards: Rewards,
  donation: Donation,
} as const;
