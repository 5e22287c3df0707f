import type { ConversationMessage } from '@yardly/shared/contract';
import { cardPictureUrl } from '../../lib/pictures';
import { lastLinePreview, lineTime, unreadLabel } from './conversation-view';

interface ConversationCardProps {
  href: string;
  pictureUrl: string | null | undefined;
  title: string;
  /** Who the conversation is with, as the list names them. */
  party: string;
  lastMessage: ConversationMessage | null;
  lastMessageAt: string;
  unreadCount: number;
  /** The open conversation, marked as the current page. */
  current?: boolean;
}

/** One conversation in a list: its picture, title, the other party, the last line, when, and what is unread. */
export function ConversationCard(props: ConversationCardProps) {
  return (
    <a className="conversation-card" href={props.href} aria-current={props.current ? 'page' : undefined}>
      <img
        className="conversation-card__picture"
        src={cardPictureUrl(props.pictureUrl)}
        alt=""
        width={64}
        height={53}
        loading="lazy"
        decoding="async"
      />
      <span className="conversation-card__body">
        <span className="conversation-card__title">{props.title}</span>
        <span className="conversation-card__party">{props.party}</span>
        <span className="conversation-card__last">{lastLinePreview(props.lastMessage)}</span>
        <span className="conversation-card__time">
          <time dateTime={props.lastMessageAt}>{lineTime(props.lastMessageAt)}</time>
        </span>
      </span>
      {props.unreadCount > 0 && <span className="conversation-card__unread">{unreadLabel(props.unreadCount)}</span>}
    </a>
  );
}
