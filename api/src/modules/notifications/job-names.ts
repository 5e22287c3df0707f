/** The notification jobs, by name: lines enqueue them where the jobs' dependencies are not at hand. */
export const NOTIFICATION_PUSH_JOB = 'notifications.push';
export const NOTIFICATION_EMAIL_JOB = 'notifications.email';
export const NOTIFICATION_DELIVERY_JOB = 'notifications.deliver';

export interface PushJobPayload {
  notificationId: number;
  subscriptionId: number;
}

export interface EmailJobPayload {
  userId: number;
  conversationId: number;
}

export interface DeliveryJobPayload {
  notificationId: number;
}
