import { rentalNotificationCalls } from '@yardly/shared/contract';
import { defineCapability } from '../../http/capability';
import { deleteNotifications, listNotifications, markNotificationsRead } from './service';

/**
 * The rentals section's notifications (issue 20: /rentalsnotify): a rental conversation's new
 * lines, and what else is written with `section: 'rentals'`. The marketplace's list never shows
 * them, nor this one the marketplace's. Pushed and emailed as the marketplace's are (jobs of
 * `notificationsCapability`).
 */
export const rentalNotificationsCapability = defineCapability({
  name: 'rental-notifications',
  calls: rentalNotificationCalls,
  handlers: ({ db, clock, live }) => {
    /** The caller's other tabs update the rentals menu's count. */
    const tellTabs = async (userId: number, answer: { unreadCount: number }) => {
      await live.record(db, [{ userId, type: 'notifications-read', payload: { ...answer, section: 'rentals' } }]);
      return answer;
    };
    return {
      list: ({ query, caller }) => listNotifications(db, caller.userId, 'rentals', query),
      read: async ({ body, caller }) =>
        tellTabs(caller.userId, await markNotificationsRead(db, clock, caller.userId, 'rentals', body.ids)),
      remove: async ({ body, caller }) =>
        tellTabs(caller.userId, await deleteNotifications(db, caller.userId, 'rentals', body.ids)),
    };
  },
});
