import { MESSAGE_MAX } from '@yardly/shared/rules';
import { useId, useState } from 'react';
import { messageCounter, messageError } from './conversation-view';

interface SendBoxProps {
  /** Sends the text; answers null when sent, else the message to show (the api's). */
  onSend: (text: string) => Promise<string | null>;
}

/** The box under a conversation: 1 to 2000 characters with a counter; the api's message when it refuses. */
export function SendBox({ onSend }: SendBoxProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const inputId = useId();
  const counterId = useId();
  const errorId = useId();
  const over = [...text].length > MESSAGE_MAX;

  async function submit(event?: React.FormEvent) {
    event?.preventDefault();
    if (sending) return;
    const invalid = messageError(text);
    if (invalid) {
      setError(invalid);
      return;
    }
    setError(null);
    setSending(true);
    const refused = await onSend(text);
    setSending(false);
    if (refused) setError(refused);
    else setText('');
  }

  return (
    <form className="send-box" aria-label="Send a message" onSubmit={(event) => void submit(event)} noValidate>
      <label htmlFor={inputId}>Your message</label>
      <textarea
        id={inputId}
        rows={3}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          // Ctrl+Enter (⌘+Enter) sends; Enter alone starts a new line.
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void submit();
        }}
        aria-invalid={error !== null || over || undefined}
        aria-describedby={error ? `${counterId} ${errorId}` : counterId}
      />
      <div className="send-box__row">
        <span id={counterId} className={over ? 'send-box__counter send-box__counter--over' : 'send-box__counter'}>
          {messageCounter(text)}
        </span>
        <button type="submit" className="button" disabled={sending} aria-busy={sending || undefined}>
          {sending ? 'Sending…' : 'Send'}
        </button>
      </div>
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
