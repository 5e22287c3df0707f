import { browserApi } from '../../lib/api';
import { type NotificationCalls, NotificationInbox } from '../NotificationInbox';
import { RENTALS_HOME } from './rental-paths';

const rentalCalls: NotificationCalls = {
  list: (query) => browserApi.rentalNotifications.list(query),
  markRead: (body) => browserApi.rentalNotifications.read(body),
  remove: (body) => browserApi.rentalNotifications.remove(body),
};

/** /rentalsnotify: the rentals notifications (messages about places), read or not; mark read and delete. */
export function RentalNotifications() {
  return <NotificationInbox calls={rentalCalls} home={RENTALS_HOME} logName="Rentals notifications" />;
}
