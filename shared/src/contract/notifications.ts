import { z } from 'zod';
import { defineCall } from './call';
import { isoDateTimeSchema } from './common';

export const notificationSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  link: z.string().nullable(),
  createdAt: isoDateTimeSchema,
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsCall = defineCall({
  method: 'GET',
  path: '/notifications',
  auth: 'required',
  summary: "The signed-in person's in-app notifications, newest first (the latest 50)",
  response: z.array(notificationSchema),
});

export const notificationCalls = { list: notificationsCall } as const;
