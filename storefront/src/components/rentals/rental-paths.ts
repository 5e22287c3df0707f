/** Where things live in the rentals section (spec section 2): one place that builds its links. */

export const RENTALS_HOME = '/rentals';
export const RENTALS_FAVOURITES_PATH = '/rentalsfav';
export const RENTALS_NOTIFICATIONS_PATH = '/rentalsnotify';

/** A rental's page: `/{refnum}` (rental refnums start with P; `/rentalsdetails?refnum=` is the same page). */
export function rentalPath(refnum: string): string {
  return `/${refnum}`;
}

/** A landlord's public rentals profile. */
export function rentalsProfilePath(userRefnum: string): string {
  return `/rentalsprofile?user_refnum=${encodeURIComponent(userRefnum)}`;
}

/** The tabs of My rentals profile: `landlord` (My listings) and `tetants` (spelt so by the spec). */
export const MY_RENTALS_TABS = ['landlord', 'tetants'] as const;
export type MyRentalsTab = (typeof MY_RENTALS_TABS)[number];

export function rentalsMyProfilePath(tab: MyRentalsTab = 'landlord', page = 1): string {
  return `/rentalsmyprofile?current_tab=${tab}${page > 1 ? `&page=${page}` : ''}`;
}

/** The tab of My rentals profile an address names; null (redirect to landlord) when missing or unknown. */
export function myRentalsTabOf(value: string | null): MyRentalsTab | null {
  return (MY_RENTALS_TABS as readonly string[]).includes(value ?? '') ? (value as MyRentalsTab) : null;
}

/** The create form, or with a refnum the form editing that listing. */
export function rentalsListingPath(refnum?: string): string {
  return refnum ? `/rentalslisting?refnum=${encodeURIComponent(refnum)}` : '/rentalslisting';
}

/** Rental messages tabs: the tenant's conversations are `buying`, the landlord's `selling` (spec section 2). */
export type RentalMessagesTab = 'buying' | 'selling';

export interface RentalMessagesRef {
  tab: RentalMessagesTab;
  /** One conversation open beside the list. */
  conversationId?: string;
  /** A tenant's conversation about this rental, opened by its first line when there is none yet. */
  refnum?: string;
}

export function rentalsMsgPath(ref: RentalMessagesRef = { tab: 'buying' }): string {
  const params = new URLSearchParams({ current_tab: ref.tab });
  if (ref.conversationId) params.set('current_tab_ref', ref.conversationId);
  if (ref.refnum) params.set('refnum', ref.refnum);
  return `/rentalsmsg?${params.toString()}`;
}

const REFNUM = /^[A-Za-z0-9]{1,40}$/;

/** What a /rentalsmsg address asks for: the tab (buying unless selling), an open conversation or a rental to write about. */
export function readRentalsMsg(search: string): RentalMessagesRef {
  const params = new URLSearchParams(search);
  const ref: RentalMessagesRef = { tab: params.get('current_tab') === 'selling' ? 'selling' : 'buying' };
  const conversationId = params.get('current_tab_ref');
  const refnum = params.get('refnum');
  if (conversationId && REFNUM.test(conversationId)) ref.conversationId = conversationId;
  else if (refnum && REFNUM.test(refnum)) ref.refnum = refnum;
  return ref;
}
