import type { ConversationMessage } from '@yardly/shared/contract';
import { lineAuthor, lineTime } from './conversation-view';

interface ConversationLinesProps {
  lines: ConversationMessage[];
  otherName: string;
}

/**
 * A conversation's lines, oldest first: the viewer's on one side, the other party's on the
 * other, an offer's steps ('Offered $40.00') apart in the middle. Text is shown as written,
 * as text (React escapes it): a message is never HTML.
 */
export function ConversationLines({ lines, otherName }: ConversationLinesProps) {
  return (
    <div className="conversation" role="log" aria-label="Messages">
      <ol className="conversation__lines">
        {lines.map((line) => {
          const author = lineAuthor(line, otherName);
          const side = line.kind === 'system' ? 'system' : line.mine ? 'mine' : 'theirs';
          return (
            <li key={line.messageId} className={`line line--${side}`}>
              {author && <p className="line__author">{author}</p>}
              <p className="line__text">{line.text}</p>
              <p className="line__time">
                <time dateTime={line.createdAt}>{lineTime(line.createdAt)}</time>
              </p>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
