/**
 * Web Push in the service worker (docs/web-push.md): show what the server sent, collapsed by its
 * tag (one notification per conversation); a click focuses an open Tertulia window on the page
 * it names, or opens one; the app icon's badge counts the notifications waiting.
 */

interface NotificationLike {
  data?: { url?: string };
  close(): void;
}
interface WindowClientLike {
  url: string;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
}
export interface PushScope {
  location: Location;
  registration: {
    showNotification(title: string, options: Record<string, unknown>): Promise<void>;
    getNotifications(): Promise<NotificationLike[]>;
  };
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  navigator: { setAppBadge?: (count: number) => Promise<void>; clearAppBadge?: () => Promise<void> };
}

interface Payload {
  title?: string;
  body?: string;
  url?: string;
  tag?: string;
  icon?: string;
  lang?: string;
  timestamp?: number;
}

async function badge(scope: PushScope): Promise<void> {
  const waiting = (await scope.registration.getNotifications()).length;
  if (waiting > 0) await scope.navigator.setAppBadge?.(waiting).catch(() => undefined);
  else await scope.navigator.clearAppBadge?.().catch(() => undefined);
}

export async function showPush(scope: PushScope, text: string | undefined): Promise<void> {
  let data: Payload = {};
  try {
    data = text ? (JSON.parse(text) as Payload) : {};
  } catch {
    data = { body: text };
  }
  // Only same-site pages open from a notification.
  const url = data.url?.startsWith('/') && !data.url.startsWith('//') ? data.url : '/html/index.jsp';
  await scope.registration.showNotification(data.title || 'Tertulia', {
    body: data.body ?? '',
    tag: data.tag,
    renotify: !!data.tag,
    icon: data.icon || '/icons/icon-192.png',
    badge: '/icons/icon-192.png',
    lang: data.lang,
    timestamp: data.timestamp,
    data: { url },
  });
  await badge(scope);
}

export async function openFromNotification(scope: PushScope, notification: NotificationLike): Promise<void> {
  notification.close();
  const url = new URL(notification.data?.url ?? '/html/index.jsp', scope.location.origin).href;
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((w) => new URL(w.url).origin === scope.location.origin);
  if (open) {
    await open.navigate(url).catch(() => undefined);
    await open.focus();
  } else {
    await scope.clients.openWindow(url);
  }
  await badge(scope);
}
