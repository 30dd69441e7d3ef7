/**
 * Service worker: precaches the app shell so the installed app opens offline, caches lazy
 * chunks as they are used, and never touches the API or the push socket.
 * The build replaces the two placeholders below (see build/precache-plugin.ts).
 */
export {};

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(response: Promise<Response>): void;
}
interface WorkerScope {
  location: Location;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
}

declare const self: WorkerScope & { __PRECACHE__: string[]; __VERSION__: string };

const PRECACHE: string[] = self.__PRECACHE__;
const CACHE = `tertulia-shell-${self.__VERSION__}`;
/** index.html as the server answers the home path; precached by the build. */
const SHELL = '/html/index.jsp';

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
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
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
