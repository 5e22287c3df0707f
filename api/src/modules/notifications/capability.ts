import { notificationCalls } from '@yardly/shared/contract';
import { notificationsPagePath } from '@yardly/shared/rules';
import { defineCapability } from '../../http/capability';
import type { AppServices } from '../../services';
import { deliveryJob } from './deliver';
import { emailJob } from './email';
import { noticeDeliveryJob } from './notices';
import { pushJob, pushRecipient, savePushSubscription, sendPushNow } from './push';
import { listNotifications, markNotificationsRead, unreadNotifications } from './service';
import { loadVapidKeys } from './vapid';

/**
 * Notifications (issue 17): what other capabilities tell a person (`notify`, and every new line
 * of their conversations through messages' `noticeConversationLine`), read on /notifications (the
 * marketplace's section; the rentals' is `rentalNotificationsCapability`), pushed to
 * their browsers (Web Push, VAPID) and emailed while they are away.
 */
export const notificationsCapability = defineCapability({
  name: 'notifications',
  calls: notificationCalls,
  services: (app: AppServices) => ({
    ...app,
    vapid: {
      ...loadVapidKeys({ configured: app.config.vapid.keys, dataDir: app.config.dataDir }),
      subject: app.config.vapid.subject,
    },
  }),
  handlers: ({ db, clock, live, vapid, config }) => ({
    list: ({ query, caller }) => listNotifications(db, caller.userId, 'market', query),
    unread: ({ caller, query }) => unreadNotifications(db, caller.userId, query.section),
    markRead: async ({ body, caller }) => {
      const answer = await markNotificationsRead(db, clock, caller.userId, 'market', body.ids);
      // The caller's other tabs update the menu's count.
      await live.record(db, [
        { userId: caller.userId, type: 'notifications-read', payload: { ...answer, section: 'market' } },
      ]);
      return answer;
    },
    savePushToken: ({ body, caller }) =>
      savePushSubscription(db, clock, caller.userId, body.fcm_token, { allowLoopback: !config.isProduction }),
    sendPush: async ({ query, body, caller, request }) => {
      const userId = await pushRecipient(db, caller, query.userRefnum);
      const payload = { title: body.title, body: body.body, url: body.url ?? notificationsPagePath('market') };
      return sendPushNow(db, userId, payload, { vapid, allowLoopback: !config.isProduction, log: request.log });
    },
    vapidKey: async () => ({ publicKey: vapid.publicKey }),
  }),
  jobs: ({ jobs, mailer, config, vapid }) => {
    const email = { jobs, mailer, publicUrl: config.publicUrl };
    return [
      pushJob(vapid, { allowLoopback: !config.isProduction }),
      emailJob(email),
      deliveryJob(email),
      noticeDeliveryJob(email),
    ];
  },
});
