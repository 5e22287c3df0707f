import { rentalMessagingCalls } from '@yardly/shared/contract';
import { defineCapability } from '../../http/capability';
import { assertMemberMay } from '../organisations/member-access';
import { sendRentalMessage } from './send';
import { listRentalConversations, rentalConversationsOfListing } from './service';

/**
 * Rental conversations (issue 20): a tenant and a landlord about one place, the marketplace's
 * conversations with a rental as their subject. Their lines and read markers are served by the
 * messages capability (`/svc/messages/{conversationId}`, `/svc/messages/read`); the lists here
 * never show a sale conversation, nor the marketplace's a rental one.
 */
export const rentalMessagesCapability = defineCapability({
  name: 'rental-messages',
  calls: rentalMessagingCalls,
  handlers: (s) => ({
    conversations: ({ query, caller }) => listRentalConversations(s.db, caller, query),
    ofListing: ({ query, caller }) => rentalConversationsOfListing(s.db, caller, query),
    send: ({ body, caller }) => {
      assertMemberMay(caller, 'message');
      return sendRentalMessage(s, caller, body);
    },
  }),
});
