import { defaultI18nProvider, type I18nProvider } from 'react-admin';

/**
 * What a console record is called in its toasts, one and many: 'Organisation saved' rather than
 * react-admin's 'Element updated' (issue 33). react-admin asks for
 * `resources.<name>.notifications.created|updated|deleted` first, and falls back to its own words.
 */
export const RECORD_NOUNS: Record<string, { one: string; many: string }> = {
  listings: { one: 'Listing', many: 'listings' },
  reports: { one: 'Report', many: 'reports' },
  rentals: { one: 'Rental', many: 'rentals' },
  'rental-reports': { one: 'Rental report', many: 'rental reports' },
  'rental-properties': { one: 'Rental attribute', many: 'rental attributes' },
  categories: { one: 'Category', many: 'categories' },
  banners: { one: 'Banner', many: 'banners' },
  organizations: { one: 'Organisation', many: 'organisations' },
  'work-email-domains': { one: 'Work-email domain', many: 'work-email domains' },
  b2b: { one: 'B2B marketplace', many: 'B2B marketplaces' },
  'employee-benefit': { one: 'Employee benefit', many: 'employee benefits' },
  users: { one: 'Person', many: 'people' },
  orders: { one: 'Order', many: 'orders' },
  payouts: { one: 'Payout', many: 'payouts' },
  reviews: { one: 'Review', many: 'reviews' },
  returns: { one: 'Return', many: 'returns' },
  rewards: { one: 'Reward', many: 'rewards' },
  promotions: { one: 'Promotion', many: 'promotions' },
  donations: { one: 'Donation', many: 'donations' },
};

const DONE = { created: 'created', updated: 'saved', deleted: 'deleted' } as const;
const NOTICE_KEY = /^resources\.([^.]+)\.notifications\.(created|updated|deleted)$/;

/** A record's toast in words ('Banner created', '3 banners deleted'), or null for a key that is no such toast. */
export function recordNotice(key: string, count = 1): string | null {
  const match = NOTICE_KEY.exec(key);
  const noun = match?.[1] ? RECORD_NOUNS[match[1]] : undefined;
  if (!match || !noun) return null;
  const done = DONE[match[2] as keyof typeof DONE];
  return count === 1 ? `${noun.one} ${done}` : `${count} ${noun.many} ${done}`;
}

/** react-admin's English, with the records' toasts in words. */
export const i18nProvider: I18nProvider = {
  ...defaultI18nProvider,
  translate(key, options) {
    const count = typeof options?.smart_count === 'number' ? options.smart_count : 1;
    return recordNotice(key, count) ?? defaultI18nProvider.translate(key, options);
  },
};
