/** The storefront's wording on an organisation's pages (the spec gives none; the rules' texts stay in @yardly/shared/rules). */
export const ORGANISATION_TEXTS = {
  /** 'Use your @acme.com work email' (several domains: '@acme.com or @acme.co.uk'). */
  useWorkEmail: (domains: readonly string[]) =>
    domains.length === 0
      ? 'Use your work email'
      : `Use your ${domains.map((domain) => `@${domain}`).join(' or ')} work email`,
  joinTitle: (name: string) => `Join the ${name} marketplace`,
  joinLead: (name: string) =>
    `Buy and sell among colleagues: sign up with your work email, enter the code we send to it, and you are in ${name}’s own marketplace.`,
  newest: 'Newest from your colleagues',
  sell: 'Sell an item',
  allCategories: 'All categories',
  noListings: 'Nothing listed here yet. Be the first to sell something to your colleagues.',
} as const;
