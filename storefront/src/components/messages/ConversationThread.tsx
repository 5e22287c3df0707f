import type { ConversationMessage } from '@yardly/shared/contract';
import { ConversationLines } from './ConversationLines';
import { SendBox } from './SendBox';

/** An open conversation's lines (or a note that there are none yet) and the box to write the next one. */
export function ConversationThread({
  lines,
  otherName,
  onSend,
}: {
  lines: ConversationMessage[];
  otherName: string;
  /** Sends a line: the api's message when it refused it, else null. */
  onSend: (text: string) => Promise<string | null>;
}) {
  return (
    <>
      <ConversationLines lines={lines} otherName={otherName} />
      {lines.length === 0 && <p className="state-message">No messages yet: write the first one.</p>}
      <SendBox onSend={onSend} />
    </>
  );
}
