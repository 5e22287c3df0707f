import { parseDonationConversationKey } from '@yardly/shared/rules';
import { browserApi } from '../../lib/api';
import type { ConversationRef } from '../../lib/message-paths';
import type { Session } from '../../stores/session';
import { ConversationPage } from '../messages/ConversationPage';
import { conversationSide, findDonationConversation } from './donation-view';

/** The key at the end of `/myquest/messages/{listing}_{seller}_{buyer}`. */
function keyOfPath(): string {
  return window.location.pathname.replace(/\/+$/, '').split('/').pop() ?? '';
}

/**
 * The donor's and the recipient's conversation, found among the viewer's conversations about
 * the listing (the messages api My Messages reads); null for anyone else or a malformed key.
 */
async function findDonationRef(session: Session): Promise<ConversationRef | null> {
  const key = parseDonationConversationKey(keyOfPath());
  if (!key) return null;
  const type = conversationSide(key, session.userRefnum);
  if (!type) return null;
  const { conversations } = await browserApi.messages.conversations({
    type,
    listingRefnum: key.listingRefnum,
    page: 0,
    size: 50,
  });
  const found = findDonationConversation(conversations.content, key, session.userRefnum);
  return found ? { conversationId: found.conversationId } : null;
}

/**
 * `/myquest/messages/{listing}_{seller}_{buyer}` (spec section 2, issue 21): My Quest's messages
 * opened on a donation's conversation, where the donor lands once the pickup is confirmed.
 */
export function DonationConversationPage() {
  return <ConversationPage findRef={findDonationRef} />;
}
