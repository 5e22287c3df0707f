import type { RentalConversation } from '@yardly/shared/contract';
import { ConversationCard } from '../messages/ConversationCard';
import { rentalPartyLabel } from './rental-conversation-view';
import { rentalsMsgPath } from './rental-paths';
import '../../styles/messages.css';

interface RentalConversationListProps {
  conversations: RentalConversation[];
  /** The open one, marked as the current page. */
  openId?: string;
  label: string;
}

/** Rental conversations, latest first: the place, the other party, the last line and what is unread. */
export function RentalConversationList({ conversations, openId, label }: RentalConversationListProps) {
  return (
    <ul className="conversation-list" aria-label={label}>
      {conversations.map((conversation) => (
        <li key={conversation.conversationId}>
          <ConversationCard
            href={rentalsMsgPath({ tab: conversation.role, conversationId: conversation.conversationId })}
            current={conversation.conversationId === openId}
            pictureUrl={conversation.rental.pictureUrl}
            title={conversation.rental.title}
            party={rentalPartyLabel(conversation)}
            lastMessage={conversation.lastMessage}
            lastMessageAt={conversation.lastMessageAt}
            unreadCount={conversation.unreadCount}
          />
        </li>
      ))}
    </ul>
  );
}
