import type { Notification } from '@yardly/shared/contract';
import type { PushState } from '../lib/web-push';

/** The list after marking some read (`ids`) or all (no ids), as the api just did. */
export function markedRead(items: readonly Notification[], ids?: readonly number[]): Notification[] {
  return items.map((n) => (ids === undefined || ids.includes(n.id) ? { ...n, read: true } : n));
}

/** The line above the list: how many are unread. */
export function unreadSummary(unreadCount: number): string {
  if (unreadCount === 0) return 'All caught up';
  return unreadCount === 1 ? '1 unread notification' : `${unreadCount} unread notifications`;
}

/** What the browser-notifications control shows in each state: a button (to act) or a note. */
export function pushControl(state: PushState): { button: string | null; note: string | null } {
  switch (state) {
    case 'unsupported':
      return { button: null, note: 'This browser cannot show notifications.' };
    case 'denied':
      return { button: null, note: 'Notifications are blocked for this site: allow them in your browser settings.' };
    case 'off':
      return {
        button: 'Turn on notifications',
        note: 'Get offers and messages on this device, even when Yardly is closed.',
      };
    case 'on':
      return { button: null, note: 'Notifications are on for this browser.' };
  }
}
