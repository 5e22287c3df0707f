/** The help centre's topics (spec section 2, FAQ): the /faq tiles and the /faq/{topic} pages. */

export interface FaqTopic {
  slug: string;
  label: string;
  /** One line on the tile. */
  summary: string;
}

const TOPICS: (FaqTopic & { donationOnly?: boolean })[] = [
  { slug: 'signup', label: 'Sign Up', summary: 'Creating an account, verifying your email and work email.' },
  { slug: 'selling', label: 'Selling', summary: 'Listing an item, photos, pricing, fees and offers.' },
  { slug: 'buying', label: 'Buying', summary: 'Making offers, buying now, pickup and delivery.' },
  { slug: 'accountsettings', label: 'Account Settings', summary: 'Your name, email, password and notifications.' },
  { slug: 'return', label: 'Return', summary: 'When and how to return an item, and your refund.' },
  { slug: 'payment', label: 'Payment', summary: 'Paying for items and getting paid for your sales.' },
  { slug: 'ordermanagement', label: 'Order Management', summary: 'Tracking, cancelling and completing orders.' },
  { slug: 'legal', label: 'Legal', summary: 'Our terms, your privacy and your data.' },
  { slug: 'rewards', label: 'Rewards', summary: 'Referring friends and earning $5 rewards.' },
  {
    slug: 'donation',
    label: 'Donation',
    summary: 'Donating clothes and books to people who need them.',
    donationOnly: true,
  },
];

/** The topics shown for this build: Donation only when the donation flag is on. */
export function faqTopics(options: { donationEnabled: boolean }): FaqTopic[] {
  return TOPICS.filter((topic) => options.donationEnabled || !topic.donationOnly).map(
    ({ donationOnly: _, ...topic }) => topic,
  );
}

/** The FAQ topic named by a path segment, or undefined (the page then sends people home). */
export function findFaqTopic(slug: string, options: { donationEnabled: boolean }): FaqTopic | undefined {
  return faqTopics(options).find((topic) => topic.slug === slug);
}

/** The My Quest views the FAQ links to (spec section 2, FAQ deep links). */
export const DASHBOARD_LINKS = {
  delivered: '/myquest/buying?buyFilter=DELIVERED&page=1&size=10',
  openOffers: '/myquest/buying?buyFilter=OPEN_OFFFERS&page=1&size=10', // sic: the spec spells it so
  activeSelling: '/myquest/selling?sellFilter=ACTIVE_AND_TO_BE_SHIPPED&page=1&size=10',
} as const;

/**
 * A link to a signed-in page from a static page: it reopens `here` with `?q=login&next=`,
 * where the header opens the login dialog for a guest and goes on to `target` after login,
 * or goes straight on for someone already signed in. No extra script on the page.
 */
export function loginFirstLink(here: string, target: string): string {
  return `${here}?${new URLSearchParams({ q: 'login', next: target })}`;
}
