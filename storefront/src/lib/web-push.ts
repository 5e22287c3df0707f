import { notificationMessages } from '@yardly/shared/rules';
import { browserApi } from './api';

/** What the 'Turn on notifications' button can do in this browser now. */
export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

/** The VAPID public key (base64url) as the bytes `pushManager.subscribe` wants. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The state from what the browser offers: no service workers or push, a refusal, a subscription. */
export function pushStateOf(browser: {
  supported: boolean;
  permission: NotificationPermission | undefined;
  subscribed: boolean;
}): PushState {
  if (!browser.supported) return 'unsupported';
  if (browser.permission === 'denied') return 'denied';
  return browser.permission === 'granted' && browser.subscribed ? 'on' : 'off';
}

function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
  );
}

/** This browser's push state, without asking anything or registering a worker. */
export async function currentPushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  const registration = await navigator.serviceWorker.getRegistration('/');
  const subscription = await registration?.pushManager.getSubscription();
  return pushStateOf({ supported: true, permission: Notification.permission, subscribed: Boolean(subscription) });
}

/**
 * Turns notifications on, after the person's click only: asks permission, registers the
 * service worker (/sw.js), subscribes with the server's VAPID key and saves the subscription
 * (POST /svc/session/fcm/token). Answers the new state; throws the message to show on failure.
 */
export async function turnOnPush(): Promise<PushState> {
  if (!pushSupported()) throw new Error(notificationMessages.pushUnsupported);
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new Error(notificationMessages.pushDenied);
  const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  await navigator.serviceWorker.ready;
  const { publicKey } = await browserApi.notifications.vapidKey();
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: applicationServerKey(publicKey),
    }));
  await browserApi.notifications.savePushToken({ fcm_token: JSON.stringify(subscription.toJSON()) });
  return 'on';
}
