// Apart from browserPush.ts: every page asks this (setup.ts), the subscription code loads later.
/** Whether this browser can receive Web Push at all (a service worker, the Push API, notifications). */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    typeof Notification !== 'undefined'
  );
}
