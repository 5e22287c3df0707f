import type { OfferLineEvent } from './conversation';
import { formatCents } from './money';
import { truncate } from './text';

/** What a notification tells of: an offer's step or a message in a conversation, or another notice. */
export const NOTIFICATION_KINDS = [
  'offer_made',
  'offer_countered',
  'offer_accepted',
  'offer_declined',
  'offer_expired',
  'offer_withdrawn',
  /** A seller's offer to the people who saved the listing (issue 37). */
  'offer_to_likers',
  'message',
  'notice',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Within this many minutes of an email about a conversation, no other email about it is sent. */
export const NOTIFICATION_EMAIL_GAP_MINUTES = 15;

/** The kind of notification an offer's step in a conversation makes. */
export function offerNotificationKind(step: OfferLineEvent): NotificationKind {
  switch (step.event) {
    case 'offered':
      return 'offer_made';
    case 'countered':
      return 'offer_countered';
    case 'accepted':
      return 'offer_accepted';
    case 'declined':
      return 'offer_declined';
    case 'expired':
      return 'offer_expired';
    case 'cancelled':
      return 'offer_withdrawn';
  }
}

/**
 * What a notification says to the person it is for ('New offer of $20.00 on “Lamp”'); `from`
 * names who made an offer to likers ('Ann L. offered $18.00 on “Lamp”').
 */
export function notificationText(
  about: { kind: NotificationKind; amountCents?: number; message?: string; from?: string },
  listingTitle: string,
): string {
  const title = `“${truncate(listingTitle)}”`;
  const amount = about.amountCents === undefined ? '' : ` of ${formatCents(about.amountCents)}`;
  switch (about.kind) {
    case 'offer_made':
      return `New offer${amount} on ${title}`;
    case 'offer_countered':
      return `Counter-offer${amount} on ${title}`;
    case 'offer_accepted':
      return `Offer accepted on ${title}`;
    case 'offer_declined':
      return `Offer declined on ${title}`;
    case 'offer_expired':
      return `Offer expired on ${title}`;
    case 'offer_withdrawn':
      return `Offer withdrawn on ${title}`;
    case 'offer_to_likers':
      return `${about.from ?? 'The seller'} offered ${formatCents(about.amountCents ?? 0)} on ${title}`;
    case 'message':
      return `New message about ${title}: ${truncate(about.message ?? '')}`;
    case 'notice':
      return title;
  }
}

/** base64url of a text (browsers and Node alike): the opaque segment of My Quest's addresses. */
export function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The text of a base64url segment; null when it is not one. */
export function fromBase64Url(id: string): string | null {
  if (!/^[A-Za-z0-9_-]+$/.test(id)) return null;
  try {
    const binary = atob(id.replace(/-/g, '+').replace(/_/g, '/'));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

/** One buyer's offer thread in My Quest (spec section 2: `/offers/{encoded id}`), by its thread key. */
export function offerThreadPath(threadKey: string): string {
  return `/offers/${toBase64Url(threadKey)}`;
}

/** One conversation in My Quest (spec section 2: `/messages/{encoded id}`): its `conversationId`, base64url. */
export function conversationPath(conversationId: string): string {
  return `/messages/${toBase64Url(conversationId)}`;
}

/**
 * One rental conversation (spec section 2: `/rentalsmsg` with current_tab and current_tab_ref),
 * on the side of the person it is for: `buying` for the tenant, `selling` for the landlord.
 */
export function rentalConversationPath(side: 'buying' | 'selling', conversationId: string): string {
  return `/rentalsmsg?current_tab=${side}&current_tab_ref=${encodeURIComponent(conversationId)}`;
}

/** Which section's list a notification is in: the marketplace's /notifications or the rentals' /rentalsnotify. */
export const NOTIFICATION_SECTIONS = ['market', 'rentals'] as const;
export type NotificationSection = (typeof NOTIFICATION_SECTIONS)[number];

/** The page listing a section's notifications. */
export function notificationsPagePath(section: NotificationSection): string {
  return section === 'rentals' ? '/rentalsnotify' : '/notifications';
}

/** The `conversationId` a `/messages/{encoded id}` names; null for an id that names none. */
export function conversationIdOfPath(encodedId: string): string | null {
  const decoded = fromBase64Url(encodedId);
  return decoded !== null && /^[A-Za-z0-9]{1,40}$/.test(decoded) ? decoded : null;
}

export const notificationMessages = {
  badSubscription: 'Enter a push subscription: the JSON of a browser PushSubscription (an https endpoint and its keys)',
  endpointNotPublic:
    "This push subscription's endpoint is not a public push service: notifications can go only to a public HTTPS host",
  badIds: 'Enter the ids of your notifications to mark as read',
  pushUnsupported: 'This browser cannot show notifications',
  pushDenied: 'Notifications are blocked for this site: allow them in your browser settings',
  pushOn: 'Notifications are on for this browser',
  pushTitle: 'Enter a title of at most 100 characters',
  pushBody: 'Enter a message of at most 500 characters',
  pushUrl: 'The link must be a page of this site (a path starting with /)',
  pushOthers: "Only an admin may push to someone else's browsers",
} as const;

/** The title of a notification shown by the browser (Web Push). */
export function notificationTitle(kind: NotificationKind): string {
  switch (kind) {
    case 'offer_made':
      return 'New offer';
    case 'offer_countered':
      return 'Counter-offer';
    case 'offer_accepted':
      return 'Offer accepted';
    case 'offer_declined':
      return 'Offer declined';
    case 'offer_expired':
      return 'Offer expired';
    case 'offer_withdrawn':
      return 'Offer withdrawn';
    case 'offer_to_likers':
      return 'An offer on an item you saved';
    case 'message':
      return 'New message';
    case 'notice':
      return 'Yardly';
  }
}
