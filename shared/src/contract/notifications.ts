import { z } from 'zod';
import { NOTIFICATION_KINDS, NOTIFICATION_SECTIONS, notificationMessages } from '../rules/notifications';
import { defineCall } from './call';
import { contentPageOf, isoDateTimeSchema, pageQuerySchema, refnumSchema } from './common';

export const notificationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  text: z.string(),
  /**
   * Where it leads: `/offers/{encoded id}` for an offer's step, `/messages/{encoded id}` for a
   * message; in the rentals' bell, `/rentalsmsg?current_tab=…&current_tab_ref=…` for a message.
   */
  link: z.string().nullable(),
  read: z.boolean(),
  createdAt: isoDateTimeSchema,
});
export type Notification = z.infer<typeof notificationSchema>;

/** The count on the menu: notifications the caller has not read. */
export const notificationUnreadSchema = z.object({ unreadCount: z.number().int() });

export const notificationsCall = defineCall({
  method: 'GET',
  path: '/notifications',
  auth: 'required',
  summary: "The signed-in person's in-app notifications, newest first (zero-based page), and how many are unread",
  query: pageQuerySchema,
  response: z.object({
    notifications: contentPageOf(notificationSchema),
    unreadCount: z.number().int(),
  }),
});

/** Which section's menu a count is for: the marketplace's (the default) or the rentals' (issue 20). */
/** The site's section a notification, a conversation or a live event belongs to: the marketplace or the rentals. */
export const sectionSchema = z.enum(NOTIFICATION_SECTIONS);

export const unreadSectionQuerySchema = z.object({ section: sectionSchema.default('market') });

export const notificationsUnreadCall = defineCall({
  method: 'GET',
  path: '/notifications/unread',
  auth: 'required',
  summary: 'How many of the caller’s notifications of a section are unread (the count on its menu)',
  query: unreadSectionQuerySchema,
  response: notificationUnreadSchema,
});

/** Some of the caller's notifications (`ids`), or all of them (no `ids`). */
export const notificationIdsBodySchema = z.object({
  ids: z
    .array(
      z
        .number({ error: notificationMessages.badIds })
        .int(notificationMessages.badIds)
        .positive(notificationMessages.badIds),
      {
        error: notificationMessages.badIds,
      },
    )
    .min(1, notificationMessages.badIds)
    .max(500, notificationMessages.badIds)
    .optional(),
});

export const markNotificationsReadCall = defineCall({
  method: 'POST',
  path: '/notifications/read',
  auth: 'required',
  summary: "Mark some of the caller's notifications read (`ids`), or all of them (no `ids`)",
  body: notificationIdsBodySchema,
  response: notificationUnreadSchema,
});

/** A browser's Web Push subscription, as `PushSubscription.toJSON()` gives it. */
export const pushSubscriptionSchema = z.object(
  {
    endpoint: z
      .string({ error: notificationMessages.badSubscription })
      .max(2000, notificationMessages.badSubscription)
      .url(notificationMessages.badSubscription)
      .regex(/^https:\/\//, notificationMessages.badSubscription),
    keys: z.object(
      {
        p256dh: z
          .string({ error: notificationMessages.badSubscription })
          .regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, notificationMessages.badSubscription),
        auth: z
          .string({ error: notificationMessages.badSubscription })
          .regex(/^[A-Za-z0-9_-]{16,44}={0,2}$/, notificationMessages.badSubscription),
      },
      { error: notificationMessages.badSubscription },
    ),
  },
  { error: notificationMessages.badSubscription },
);
export type PushSubscriptionJson = z.infer<typeof pushSubscriptionSchema>;

/** `fcm_token` carries the subscription's JSON text (spec: "update push token with body fcm_token"). */
const subscriptionText = z
  .string({ error: notificationMessages.badSubscription })
  .max(4000, notificationMessages.badSubscription)
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: notificationMessages.badSubscription });
      return z.NEVER;
    }
  })
  .pipe(pushSubscriptionSchema);

export const savePushTokenCall = defineCall({
  method: 'POST',
  path: '/session/fcm/token',
  bodyInQuery: true,
  auth: 'required',
  summary: "Save this browser's Web Push subscription for the caller (`fcm_token`: the PushSubscription's JSON)",
  body: z.object({
    fcm_token: z.union([subscriptionText, pushSubscriptionSchema], { error: notificationMessages.badSubscription }),
  }),
  response: z.object({ saved: z.literal(true) }),
});

export const sendPushCall = defineCall({
  method: 'POST',
  path: '/fcm/send',
  auth: 'required',
  summary:
    "Push a message now to every browser of a person: the caller's own (userRefnum absent or theirs), anyone's for ROLE_ADMIN; answers how many took it",
  query: z.object({ userRefnum: refnumSchema.optional() }),
  body: z.object({
    title: z
      .string({ error: notificationMessages.pushTitle })
      .trim()
      .min(1, notificationMessages.pushTitle)
      .max(100, notificationMessages.pushTitle),
    body: z
      .string({ error: notificationMessages.pushBody })
      .trim()
      .min(1, notificationMessages.pushBody)
      .max(500, notificationMessages.pushBody),
    /** The page a click opens (a path of this site); the notifications page when absent. */
    url: z
      .string({ error: notificationMessages.pushUrl })
      .max(500, notificationMessages.pushUrl)
      .regex(/^\/(?![/\\])/, notificationMessages.pushUrl)
      .optional(),
  }),
  response: z.object({
    /** Browsers whose push service took the message. */
    sent: z.number().int(),
    /** Browsers it did not reach (a subscription found gone is deleted). */
    failed: z.number().int(),
  }),
});

export const vapidKeyCall = defineCall({
  method: 'GET',
  path: '/session/vapid-key',
  auth: 'none',
  summary: "The server's VAPID public key (base64url): the `applicationServerKey` a browser subscribes with",
  response: z.object({ publicKey: z.string() }),
});

export const notificationCalls = {
  list: notificationsCall,
  unread: notificationsUnreadCall,
  markRead: markNotificationsReadCall,
  savePushToken: savePushTokenCall,
  sendPush: sendPushCall,
  vapidKey: vapidKeyCall,
} as const;

/**
 * The rentals section's own bell (issue 20: /svc/rental/notifications), served beside the
 * marketplace's: the same notifications, of section `rentals`.
 */
export const rentalNotificationCalls = {
  list: defineCall({
    method: 'GET',
    path: '/rental/notifications',
    auth: 'required',
    summary: "The caller's rentals notifications, newest first (zero-based page), and how many are unread",
    query: pageQuerySchema,
    response: z.object({
      notifications: contentPageOf(notificationSchema),
      unreadCount: z.number().int(),
    }),
  }),
  read: defineCall({
    method: 'POST',
    path: '/rental/notifications/read',
    auth: 'required',
    summary: 'Mark some (`ids`) or all of the caller’s rentals notifications read',
    body: notificationIdsBodySchema,
    response: notificationUnreadSchema,
  }),
  remove: defineCall({
    method: 'POST',
    path: '/rental/notifications/delete',
    auth: 'required',
    summary: 'Delete some (`ids`) or all of the caller’s rentals notifications',
    body: notificationIdsBodySchema,
    response: notificationUnreadSchema,
  }),
} as const;
