import { atom, onMount, type ReadableAtom } from 'nanostores';
import { onLiveEvent } from './live';
import { $session } from './session';

const $count = atom<number | null>(null);

/**
 * Lines the signed-in person has not read, across their conversations ('My Messages' in the
 * header): null until known, or for a guest. Read from GET /svc/messages/unread while someone
 * listens, and read again when this tab's live stream tells of a line or of a conversation read.
 */
export const $unreadMessages: ReadableAtom<number | null> = $count;

let reading: Promise<void> | null = null;
let readAgain = false;

/** Reads the count again (a page marked a conversation read); one read at a time, the last ask always answered. */
export async function refreshUnreadMessages(): Promise<void> {
  if (reading) {
    readAgain = true;
    return reading;
  }
  reading = (async () => {
    do {
      readAgain = false;
      if (!$session.get()) {
        $count.set(null);
        return;
      }
      try {
        const { browserApi } = await import('../lib/api');
        $count.set((await browserApi.messages.unread()).unreadCount);
      } catch (cause) {
        // The count stays as it was (hidden when never read): it is a hint, the list is the truth.
        console.error('Could not read the unread messages count', cause);
      }
    } while (readAgain);
  })().finally(() => {
    reading = null;
  });
  return reading;
}

onMount($count, () => {
  const stops = [
    $session.subscribe(() => void refreshUnreadMessages()),
    onLiveEvent('message', ({ message }) => {
      if (!message.mine) void refreshUnreadMessages();
    }),
    onLiveEvent('read', () => void refreshUnreadMessages()),
    // A reconnection may have missed lines that replays do not cover (a tab away for days).
    onLiveEvent('ready', () => void refreshUnreadMessages()),
  ];
  return () => {
    for (const stop of stops) stop();
  };
});
