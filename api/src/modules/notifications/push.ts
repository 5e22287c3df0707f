import type { PushSubscriptionJson } from '@yardly/shared/contract';
import {
  type NotificationKind,
  type NotificationSection,
  notificationsPagePath,
  notificationTitle,
} from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { Clock } from '../../clock/clock';
import type { Db } from '../../db/connect';
import { notifications, pushSubscriptions } from '../../db/schema/index';
import { defineJob } from '../../jobs/job';
import { NOTIFICATION_PUSH_JOB, type PushJobPayload } from './job-names';
import { assertPublicPushEndpoint, publicOnlyAgent } from './push-endpoint';
import type { VapidKeys } from './vapid';

/** A push the push service keeps this long when the browser is offline (seconds). */
const PUSH_TTL_SECONDS = 24 * 60 * 60;

/**
 * Saves a browser's subscription for the caller. An endpoint is one browser: subscribed again
 * (by whoever is signed in there now), it moves to that person with its new keys.
 */
export async function savePushSubscription(
  db: Db,
  clock: Clock,
  userId: number,
  subscription: PushSubscriptionJson,
  options: { allowLoopback: boolean },
) {
  // Only a public push service: never this machine, a private network or the metadata service.
  await assertPublicPushEndpoint(subscription.endpoint, options.allowLoopback);
  const keys = { p256dh: subscription.keys.p256dh, auth: subscription.keys.auth };
  await db
    .insert(pushSubscriptions)
    .values({ userId, endpoint: subscription.endpoint, keys, createdAt: clock.now() })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId, keys, createdAt: clock.now() } });
  return { saved: true as const };
}

/** What the service worker shows: a title, the notification's text, and the page a click opens. */
export function pushPayload(notification: {
  kind: string;
  text: string;
  link: string | null;
  section?: NotificationSection;
}) {
  return {
    title: notificationTitle(notification.kind as NotificationKind),
    body: notification.text,
    url: notification.link ?? notificationsPagePath(notification.section ?? 'market'),
  };
}

/**
 * Sends one notification to one subscription (standard Web Push: the payload encrypted for the
 * browser's keys, aes128gcm, signed with VAPID). A push service that answers 404 or 410 says the
 * subscription is gone: it is deleted. Other failures are tried again with backoff.
 */
export function pushJob(vapid: VapidKeys & { subject: string }, options: { allowLoopback: boolean }) {
  // Checked again at connection time: a name may resolve elsewhere now than when it was saved.
  const agent = publicOnlyAgent(options.allowLoopback);
  return defineJob<PushJobPayload>({
    name: NOTIFICATION_PUSH_JOB,
    maxAttempts: 6,
    async run(payload, { db, log }) {
      const [[notification], [subscription]] = await Promise.all([
        db.select().from(notifications).where(eq(notifications.id, payload.notificationId)),
        db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, payload.subscriptionId)),
      ]);
      // Gone since (the person deleted, the browser unsubscribed, a notification pruned): nothing to send.
      if (!notification || !subscription || subscription.userId !== notification.userId) return;
      try {
        await webpush.sendNotification(
          { endpoint: subscription.endpoint, keys: subscription.keys },
          JSON.stringify(pushPayload(notification)),
          {
            vapidDetails: vapid,
            TTL: PUSH_TTL_SECONDS,
            contentEncoding: 'aes128gcm',
            timeout: 10_000,
            agent,
          },
        );
      } catch (error) {
        if ((error as { code?: unknown }).code === 'ENOTPUBLIC') {
          log.warn({ subscriptionId: subscription.id }, 'push: the endpoint is not public; deleting the subscription');
          await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
          return;
        }
        const status = (error as { statusCode?: unknown }).statusCode;
        if (status === 404 || status === 410) {
          log.info({ subscriptionId: subscription.id, status }, 'push: the subscription is gone; deleting it');
          await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
          return;
        }
        throw error;
      }
    },
  });
}
