import { getPushPublicKey, subscribePush, unsubscribePush } from '../../api/areas/webPush';
import { pushSupported } from './supported';

export { pushSupported };

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

const sameKey = (a: ArrayBuffer | null | undefined, b: Uint8Array) =>
  !!a && a.byteLength === b.byteLength && new Uint8Array(a).every((v, i) => v === b[i]);

/** The service worker, once active; undefined when none registers in time (dev server). */
async function registration(timeoutMs = 10_000): Promise<ServiceWorkerRegistration | undefined> {
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), timeoutMs)),
  ]);
}

/**
 * Subscribes this browser with the server's VAPID key and hands the subscription to the server
 * (tied to this session, so logging out removes it). Needs the notification permission granted.
 */
export async function subscribeThisBrowser(): Promise<boolean> {
  const reg = await registration();
  if (!reg) return false;
  const key = keyBytes(await getPushPublicKey({}));
  let sub = await reg.pushManager.getSubscription();
  // Subscribed with another key (the server's keys changed): that subscription can never work.
  if (sub && !sameKey(sub.options.applicationServerKey, key)) {
    await sub.unsubscribe().catch(() => undefined);
    sub = null;
  }
  sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const json = sub.toJSON();
  if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) return false;
  await subscribePush({ endpoint: json.endpoint, p256dh: json.keys.p256dh, auth: json.keys.auth });
  return true;
}

/** Before logging out: the server forgets this device, and the browser drops the subscription. */
export async function unsubscribeThisBrowser(): Promise<void> {
  if (!pushSupported()) return;
  const reg = await navigator.serviceWorker.getRegistration();
  const sub = await reg?.pushManager.getSubscription();
  if (!sub) return;
  await unsubscribePush({ endpoint: sub.endpoint }).catch(() => undefined);
  await sub.unsubscribe().catch(() => undefined);
}
