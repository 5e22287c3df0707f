import type { LiveEventType } from '@yardly/shared/contract';
import type { NotificationSection } from '@yardly/shared/rules';
import { atom, onMount, type ReadableAtom } from 'nanostores';
import { logFailure } from '../lib/log-failure';
import { onLiveEvent } from './live';
import { $session } from './session';

type BrowserApi = typeof import('../lib/api')['browserApi'];

/**
 * A count the header shows beside a link: null until known, or for a guest. Read from the api
 * while someone listens, and read again when this tab's live stream tells of something that
 * changes it (or reconnects: a tab away for days may have missed what replays do not cover).
 */
function unreadCount(
  what: string,
  read: (api: BrowserApi) => Promise<number>,
  changedBy: (subscribe: (type: LiveEventType, when?: (payload: unknown) => boolean) => () => void) => (() => void)[],
) {
  const $count = atom<number | null>(null);
  let reading: Promise<void> | null = null;
  let readAgain = false;

  /** Reads the count again; one read at a time, the last ask always answered. */
  async function refresh(): Promise<void> {
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
          $count.set(await read(browserApi));
        } catch (cause) {
          // The count stays as it was (hidden when never read): it is a hint, the list is the truth.
          logFailure(`Could not read the unread ${what} count`, cause);
        }
      } while (readAgain);
    })().finally(() => {
      reading = null;
    });
    return reading;
  }

  onMount($count, () => {
    const stops = [
      $session.subscribe(() => void refresh()),
      onLiveEvent('ready', () => void refresh()),
      ...changedBy((type, when) =>
        onLiveEvent(type, (payload) => {
          if (!when || when(payload)) void refresh();
        }),
      ),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  });
  return { $count: $count as ReadableAtom<number | null>, refresh };
}

/**
 * Which menu the counts are for: a rentals page (SiteHeader's `data-section`) counts the rentals'
 * conversations and notifications, every other page the marketplace's.
 */
function pageSection(): NotificationSection {
  const header = typeof document === 'undefined' ? null : document.querySelector<HTMLElement>('[data-site-header]');
  return header?.dataset.section === 'rentals' ? 'rentals' : 'market';
}

const messages = unreadCount(
  'messages',
  async (api) => (await api.messages.unread({ section: pageSection() })).unreadCount,
  (on) => [on('message', (payload) => !(payload as { message: { mine: boolean } }).message.mine), on('read')],
);
const notifications = unreadCount(
  'notifications',
  async (api) => (await api.notifications.unread({ section: pageSection() })).unreadCount,
  (on) => [on('notification'), on('notifications-read')],
);

/** Lines the signed-in person has not read, across their conversations ('My Messages'). */
export const $unreadMessages = messages.$count;
/** Reads the messages count again (a page marked a conversation read). */
export const refreshUnreadMessages = messages.refresh;
/** The signed-in person's unread notifications ('Notifications' in the menu). */
export const $unreadNotifications = notifications.$count;
/** Reads the notifications count again (the notifications page marked some read). */
export const refreshUnreadNotifications = notifications.refresh;
