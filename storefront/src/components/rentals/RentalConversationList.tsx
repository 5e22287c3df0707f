import type { RentalConversation } from '@yardly/shared/contract';
import { cardPictureUrl } from '../../lib/pictures';
import { lastLinePreview, lineTime, unreadLabel } from '../messages/conversation-view';
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
          <a
            className="conversation-card"
            href={rentalsMsgPath({ tab: conversation.role, conversationId: conversation.conversationId })}
            aria-current={conversation.conversationId === openId ? 'page' : undefined}
          >
            <img
              className="conversation-card__picture"
              src={cardPictureUrl(conversation.rental.pictureUrl)}
              alt=""
              width={64}
              height={53}
              loading="lazy"
              decoding="async"
            />
            <span className="conversation-card__body">
              <span className="conversation-card__title">{conversation.rental.title}</span>
              <span className="conversation-card__party">{rentalPartyLabel(conversation)}</span>
              <span className="conversation-card__last">{lastLinePreview(conversation.lastMessage)}</span>
              <span className="conversation-card__time">
                <time dateTime={conversation.lastMessageAt}>{lineTime(conversation.lastMessageAt)}</time>
              </span>
            </span>
            {conversation.unreadCount > 0 && (
              <span className="conversation-card__unread">{unreadLabel(conversation.unreadCount)}</span>
            )}
          </a>
        </li>
      ))}
    </ul>
  );
}
