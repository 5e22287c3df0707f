import { notificationCalls } from '@yardly/shared/contract';
import { defineCapability } from '../../http/capability';
import { latestNotices } from './service';

/** In-app notices: other capabilities write them (`notify`), the person reads them on /notifications. */
export const notificationsCapability = defineCapability({
  name: 'notifications',
  calls: notificationCalls,
  handlers: ({ db }) => ({
    list: ({ caller }) => latestNotices(db, caller.userId),
  }),
});
