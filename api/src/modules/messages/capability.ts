import { messageCalls } from '@yardly/shared/contract';
import { defineCapability } from '../../http/capability';
import { assertMemberMay } from '../organisations/member-access';
import { conversationsResource } from './admin';
import { sendMessage } from './send';
import { conversationHistory, listConversations, markConversationRead, unreadSummary } from './service';

/** Conversations between a listing's buyer and seller ('My Messages'); their lines reach open pages live. */
export const messagesCapability = defineCapability({
  name: 'messages',
  calls: messageCalls,
  handlers: (s) => ({
    conversations: ({ query, caller }) => listConversations(s.db, caller, query, s.clock.now()),
    send: ({ body, caller }) => {
      assertMemberMay(caller, 'message');
      return sendMessage(s, caller, body);
    },
    unread: ({ caller, query }) => unreadSummary(s.db, caller, query.section),
    history: ({ query, caller }) => conversationHistory(s.db, caller, query, s.clock.now()),
    markRead: ({ body, caller }) => markConversationRead(s, caller, body.conversationId),
  }),
  adminResources: () => [conversationsResource],
});
