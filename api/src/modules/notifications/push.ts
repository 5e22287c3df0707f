import type { PushSubscriptionJson } from '@yardly/shared/contract';
import {
  type NotificationKind,
  type NotificationSection,
  notificationMessages,
  notificationsPagePath,
  notificationTitle,
} from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { Clock } from '../../clock/clock';
import type { Db } from '../../db/connect';
import { notifications, pushSubscriptions, users } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { Caller } from '../../http/caller';
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

type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
type PushLog = { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };

/**
 * Sends one payload to one subscription (standard Web Push: the payload encrypted for the
 * browser's keys, aes128gcm, signed with VAPID). A push service that answers 404 or 410 says the
 * subscription is gone, and one that is not public may not be reached: it is deleted ('gone').
 * Other failures throw.
 */
export async function pushTo(
  db: Db,
  subscription: PushSubscriptionRow,
  payload: { title: string; body: string; url: string },
  send: { vapid: VapidKeys & { subject: string }; agent: ReturnType<typeof publicOnlyAgent>; log: PushLog },
): Promise<'sent' | 'gone'> {
  try {
    await webpush.sendNotification(
      { endpoint: subscription.endpoint, keys: subscription.keys },
      JSON.stringify(payload),
      {
        vapidDetails: send.vapid,
        TTL: PUSH_TTL_SECONDS,
        contentEncoding: 'aes128gcm',
        timeout: 10_000,
        agent: send.agent,
      },
    );
    return 'sent';
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOTPUBLIC') {
      send.log.warn({ subscriptionId: subscription.id }, 'push: the endpoint is not public; deleting the subscription');
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
      return 'gone';
    }
    const status = (error as { statusCode?: unknown }).statusCode;
    if (status === 404 || status === 410) {
      send.log.info({ subscriptionId: subscription.id, status }, 'push: the subscription is gone; deleting it');
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
      return 'gone';
    }
    throw error;
  }
}

/** Sends one notification to one subscription; failures other than a gone subscription are tried again with backoff. */
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
      await pushTo(db, subscription, pushPayload(notification), { vapid, agent, log });
    },
  });
}

/**
 * `POST /svc/fcm/send`: a message pushed now to every browser of one person (a test push from
 * Settings, or an admin's). Answers how many push services took it and how many refused.
 */
export async function sendPushNow(
  db: Db,
  userId: number,
  payload: { title: string; body: string; url: string },
  send: { vapid: VapidKeys & { subject: string }; allowLoopback: boolean; log: PushLog },
) {
  const agent = publicOnlyAgent(send.allowLoopback);
  const subscriptions = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  const outcomes = await Promise.all(
    subscriptions.map((subscription) =>
      pushTo(db, subscription, payload, { vapid: send.vapid, agent, log: send.log }).catch((error: unknown) => {
        send.log.warn({ subscriptionId: subscription.id, err: error }, 'push: the push service refused a message');
        return 'failed' as const;
      }),
    ),
  );
  return { sent: outcomes.filter((o) => o === 'sent').length, failed: outcomes.filter((o) => o !== 'sent').length };
}

/** Whose browsers `fcm/send` pushes to: the caller's own; someone else's only for ROLE_ADMIN (403), who must exist (404). */
export async function pushRecipient(db: Db, caller: Caller, userRefnum: string | undefined): Promise<number> {
  if (!userRefnum || userRefnum === caller.userRefnum) return caller.userId;
  if (!caller.roles.includes('ROLE_ADMIN')) throw new AppError(403, notificationMessages.pushOthers);
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.refnum, userRefnum));
  if (!user) throw new AppError(404, 'No such person');
  return user.id;
}
