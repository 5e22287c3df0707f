import { $unreadMessages, $unreadNotifications } from '../../stores/unread';

/** The counts the header shows beside its links. */
export type UnreadKind = 'messages' | 'notifications';

/**
 * Loaded by the header's script (header-view.ts) once the page has loaded, for someone signed
 * in: it brings the api client, which a guest's page never loads. The count follows this tab's
 * live stream where a page has opened one (the messages pages); elsewhere it is read once.
 */
export function followUnread(show: (kind: UnreadKind, count: number | null) => void): void {
  $unreadMessages.subscribe((count) => show('messages', count));
  $unreadNotifications.subscribe((count) => show('notifications', count));
}
