/**
 * Service worker: precaches the app shell so the installed app opens offline, caches lazy
 * chunks as they are used, and never touches the API or the push socket. It also shows Web Push
 * notifications (notifications.ts) and receives what other apps share (shareTarget.ts).
 * The build replaces the two placeholders below (see build/precache-plugin.ts).
 */
import { openFromNotification, type PushScope, showPush } from './notifications';
import { receiveShare, SHARE_CACHE, SHARE_PATH } from './shareTarget';

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(response: Promise<Response>): void;
}
interface PushEventLike extends ExtendableEvent {
  data: { text(): string } | null;
}
interface NotificationEventLike extends ExtendableEvent {
  notification: { data?: { url?: string }; close(): void };
}
interface WorkerScope extends PushScope {
  location: Location;
  skipWaiting(): Promise<void>;
  clients: PushScope['clients'] & { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'push', listener: (event: PushEventLike) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEventLike) => void): void;
}

declare const self: WorkerScope & { __PRECACHE__: string[]; __VERSION__: string };

const PRECACHE: string[] = self.__PRECACHE__;
const CACHE = `tertulia-shell-${self.__VERSION__}`;
/**
 * The app shell as built (index.html), precached by the build: the offline answer of every page.
 * Not the home path, which the server renders for a visitor (docs/first-paint.md): a visitor's
 * page must not be what a member's offline app hydrates.
 */
const SHELL = '/index.html';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((key) => key !== CACHE && key !== SHARE_CACHE).map((key) => caches.delete(key)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('push', (event) => {
  event.waitUntil(showPush(self, event.data?.text()));
});

self.addEventListener('notificationclick', (event) => {
  event.waitUntil(openFromNotification(self, event.notification));
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method === 'POST' && url.pathname === SHARE_PATH && url.origin === self.location.origin) {
    event.respondWith(receiveShare(request));
    return;
  }
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  // Member data is never served from a cache; the API and push are always live.
  if (url.pathname.startsWith('/servlet/') || url.pathname.startsWith('/healthz')) return;
  if (request.mode === 'navigate') {
    // Network first, so deploys show at once; the cached shell when offline.
    event.respondWith(
      fetch(request).catch(() => caches.match(SHELL).then((cached) => cached ?? Response.error())),
    );
    return;
  }
  if (url.pathname.startsWith('/assets/') || url.pathname.startsWith('/icons/')) {
    // Hashed files never change: cache first, fill the cache on the way.
    event.respondWith(
      caches.match(request).then(
        (cached) =>
          cached ??
          fetch(request).then((response) => {
            if (response.ok) {
              const copy = response.clone();
              void caches.open(CACHE).then((cache) => cache.put(request, copy));
            }
            return response;
          }),
      ),
    );
  }
});
