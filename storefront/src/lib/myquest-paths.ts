/**
 * My Quest's spec addresses (section 2): `/myquest/{current_tab}/{current_tab_ref}` (with an
 * optional `/{leavefeedback}`) and `/myquest?current_tab=&current_tab_ref=&leavefeedback=`,
 * where links built to the spec (mails, bookmarks, other clients) land. Each names a tab and,
 * optionally, one item of it: the page that shows them here.
 */
import { CONVERSATION_TABS, toBase64Url } from '@yardly/shared/rules';
import { decodeConversationId } from './message-paths';
import { decodeOfferId } from './offer-paths';

/** The dashboard's tabs (its own pages under /myquest/{tab}). */
const DASHBOARD_TABS = ['selling', 'buying'] as const;
const OFFER_TABS = ['offers', 'offer'] as const;

export interface MyQuestAsk {
  tab: string | null;
  ref?: string | null;
  leaveFeedback?: string | null;
}

const RAW_KEY = /^[A-Za-z0-9]{1,40}(_[A-Za-z0-9]{1,40}){0,2}$/;

/** A ref as the item pages take it: already encoded (the lists' links), or a raw key encoded here. */
function encodedRef(ref: string, decodes: (id: string) => unknown): string | null {
  if (decodes(ref) !== null) return ref;
  if (!RAW_KEY.test(ref)) return null;
  const encoded = toBase64Url(ref);
  return decodes(encoded) !== null ? encoded : null;
}

/**
 * Where a spec'd My Quest address leads: the conversation (messaging tabs) or the offer thread
 * (offer tabs) its ref names; with `leavefeedback`, the tab with the review dialog open; with a
 * tab alone, that tab; anything else, My Quest's first tab.
 */
export function myQuestTarget({ tab, ref, leaveFeedback }: MyQuestAsk): string {
  const isConversationTab = (CONVERSATION_TABS as readonly string[]).includes(tab ?? '');
  const isOfferTab = (OFFER_TABS as readonly string[]).includes(tab ?? '');
  if (!tab || !(isConversationTab || isOfferTab)) return '/myquest';
  if (leaveFeedback) {
    const page = (DASHBOARD_TABS as readonly string[]).includes(tab) ? tab : 'selling';
    return `/myquest/${page}?leavefeedback=${encodeURIComponent(leaveFeedback)}`;
  }
  if (ref) {
    const conversation = isConversationTab ? encodedRef(ref, decodeConversationId) : null;
    if (conversation) return `/messages/${conversation}`;
    const offer = isOfferTab ? encodedRef(ref, decodeOfferId) : null;
    if (offer) return `/offers/${offer}`;
  }
  return `/myquest/${tab}`;
}
