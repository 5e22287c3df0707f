/** The marketplace navigation menu and footer links (spec section 2, Screens). */
import { donationFlag } from '@yardly/shared/rules';

export interface MenuLink {
  label: string;
  href: string;
  /** Signed-in routes: a guest is asked to sign up or log in instead (spec section 6). */
  requiresLogin: boolean;
  /** The header shows an unread count beside it (components/header/header-unread.ts). */
  unread?: 'messages' | 'notifications';
}

export function marketplaceMenu(options: { donationEnabled: boolean }): MenuLink[] {
  const links: (MenuLink | false)[] = [
    { label: 'Sell', href: '/creatinglist', requiresLogin: true },
    { label: 'My Dashboard', href: '/myquest', requiresLogin: true },
    { label: 'My Messages', href: '/myquest/messages', requiresLogin: true, unread: 'messages' },
    // Issue 17: offers' steps and new messages, with the unread count in the menu.
    { label: 'Notifications', href: '/notifications', requiresLogin: true, unread: 'notifications' },
    { label: 'My Profile', href: '/myprofile', requiresLogin: true },
    { label: 'My Rewards', href: '/myrewards', requiresLogin: true },
    options.donationEnabled && { label: 'Why Donate?', href: '/why-donate', requiresLogin: false },
    { label: 'Account Settings', href: '/settings', requiresLogin: true },
  ];
  return links.filter((link): link is MenuLink => link !== false);
}

/** The rentals navigation menu (spec section 2): its own pages, the rewards and settings shared. */
export function rentalsMenu(): MenuLink[] {
  return [
    { label: 'List a place', href: '/rentalslisting', requiresLogin: true },
    { label: 'My Listings', href: '/rentalsmyprofile?current_tab=landlord', requiresLogin: true },
    { label: 'My Messages', href: '/rentalsmsg?current_tab=buying', requiresLogin: true, unread: 'messages' },
    { label: 'My Profile', href: '/rentalsmyprofile', requiresLogin: true },
    { label: 'My Rewards', href: '/myrewards', requiresLogin: true },
    { label: 'Account Settings', href: '/settings', requiresLogin: true },
  ];
}

/** The account menu's own pages, by section: the rentals keep their saved places and notifications apart. */
export const ACCOUNT_MENU_LINKS = {
  marketplace: { listings: '/myquest/selling', favourites: '/favorites', notifications: '/notifications' },
  rentals: {
    listings: '/rentalsmyprofile?current_tab=landlord',
    favourites: '/rentalsfav',
    notifications: '/rentalsnotify',
  },
} as const;

/** The last menu entry: not a page, it opens the location chooser. */
export const LOCATION_MENU_LABEL = 'Your location';

/** The rentals home and the marketplace's: each section's footer leads to the other (issue 33). */
export const RENTALS_HOME_LINK = { label: 'Rentals', href: '/rentals' } as const;
export const MARKETPLACE_HOME_LINK = { label: 'Marketplace', href: '/' } as const;

export const FOOTER_LINKS = [
  { label: 'Contact Us', href: '/contact-us' },
  { label: 'Blog', href: '/blog' },
  { label: 'FAQ', href: '/faq' },
  RENTALS_HOME_LINK,
] as const;

/** The rentals section's footer (spec section 2, Footer links). */
export const RENTALS_FOOTER_LINKS = [
  { label: 'Contact Us', href: '/contact-us' },
  { label: 'Help', href: '/help' },
  MARKETPLACE_HOME_LINK,
] as const;

/** The small print under either footer. */
export const LEGAL_LINKS = [
  { label: 'Terms and Conditions', href: '/terms-and-conditions' },
  { label: 'Privacy Policy', href: '/privacy-policy' },
  { label: 'Sitemap', href: '/sitemap' },
] as const;

// The flag's reading is shared with the api and the console (one variable for the product).
export { donationFlag };

/**
 * The one place the donation flag is read, at build time (spec section 6: donation routes
 * depend on a build-time flag). Everything else takes it from here.
 */
export const DONATION_ENABLED = donationFlag(import.meta.env.PUBLIC_DONATION_ENABLED);
