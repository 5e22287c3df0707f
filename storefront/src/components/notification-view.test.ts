import type { Notification } from '@yardly/shared/contract';
import { describe, expect, it } from 'vitest';
import { applicationServerKey, pushStateOf } from '../lib/web-push';
import { markedRead, pushControl, unreadSummary } from './notification-view';

const item = (id: number, read = false): Notification => ({
  id,
  kind: 'message',
  text: `Message ${id}`,
  link: `/messages/x${id}`,
  read,
  createdAt: '2026-11-25T10:00:00.000Z',
});

describe('the notifications page', () => {
  it('marks the given ones read, or all', () => {
    const items = [item(1), item(2), item(3, true)];
    expect(markedRead(items, [2]).map((n) => n.read)).toEqual([false, true, true]);
    expect(markedRead(items).map((n) => n.read)).toEqual([true, true, true]);
  });

  it('says how many are unread', () => {
    expect(unreadSummary(0)).toBe('All caught up');
    expect(unreadSummary(1)).toBe('1 unread notification');
    expect(unreadSummary(4)).toBe('4 unread notifications');
  });

  it('offers the push button only when the browser can still say yes', () => {
    expect(pushControl(pushStateOf({ supported: false, permission: undefined, subscribed: false })).button).toBeNull();
    expect(pushControl(pushStateOf({ supported: true, permission: 'denied', subscribed: false }))).toEqual({
      button: null,
      note: 'Notifications are blocked for this site: allow them in your browser settings.',
    });
    expect(pushControl(pushStateOf({ supported: true, permission: 'default', subscribed: false })).button).toBe(
      'Turn on notifications',
    );
    // Allowed but not subscribed (cleared site data): the button subscribes again.
    expect(pushStateOf({ supported: true, permission: 'granted', subscribed: false })).toBe('off');
    expect(pushStateOf({ supported: true, permission: 'granted', subscribed: true })).toBe('on');
  });

  it('turns the base64url VAPID key into its 65 bytes', () => {
    const bytes = new Uint8Array(65).map((_, i) => i * 3);
    const base64url = btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    expect([...applicationServerKey(base64url)]).toEqual([...bytes]);
  });
});
