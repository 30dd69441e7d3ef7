import { type ReactNode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { keepMemberHome, restoreMemberHome } from './app/memberSnapshot';
import { loadPagesOf, routePatternOf } from './app/router';
import './features';
import { startupLocale } from './ui/language/rememberedLocale';
import { PATHS } from './ui/paths';
import './app/theme.css';
import { analytics, installAnalytics } from './api/analytics';
import { sessionQuery } from './api/areas/user';
import { createQueryClient } from './api/query';
import { readPageData, seedPageData } from './api/rendered';
import { installWebVitals } from './api/webVitals';
import { LOCALES, setLocale } from './i18n/i18n';
import { preloadParts } from './ui/lazyPart';
import { setDrawnClock } from './ui/time/clock';

/**
 * The server answers `/?locale=xx` by setting the cookie and redirecting home. When the app
 * itself sees that URL (dev server, or an old cached shell), it does the same on the client.
 */
function applyLocaleQuery(): void {
  const requested = new URLSearchParams(window.location.search).get('locale');
  if (!requested || !(LOCALES as readonly string[]).includes(requested)) return;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser we serve
  document.cookie = `locale=${requested}; path=/; max-age=31536000; samesite=lax`;
  window.history.replaceState(null, '', PATHS.home);
}

/**
 * Tells the server this browser's time zone (the `tz` cookie), so the member pages it draws write
 * their clock times and dates as this browser will when it hydrates them (ui/time/clock.ts).
 */
function rememberTimeZone(): void {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!zone || document.cookie.split('; ').includes(`tz=${encodeURIComponent(zone)}`)) return;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser we serve
  document.cookie = `tz=${encodeURIComponent(zone)}; path=/; max-age=31536000; samesite=lax`;
}

/** localStorage, unless the browser blocks it (some private modes throw on access). */
function localStorageOrNothing(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * Makes a drawn member page usable once it has hydrated: the server sends it inert (entry-server),
 * so nothing is clicked or typed into it before React listens. Its effect runs after every other
 * effect of the hydration.
 */
function Live({ children }: { children: ReactNode }) {
  useEffect(() => {
    const drawn = document.getElementById('root');
    if (!drawn?.hasAttribute('inert')) return;
    drawn.removeAttribute('inert');
    // An inert field could not take the focus its page asks for (the conversation's composer).
    if (!drawn.contains(document.activeElement)) drawn.querySelector<HTMLElement>('[autofocus]')?.focus();
  }, []);
  return children;
}

// First, so an error while starting is reported too (sampled).
installAnalytics();
// LCP, INP and CLS of this page load, by the route it was loaded on (docs/analytics.md).
installWebVitals(analytics, routePatternOf(window.location.pathname));
applyLocaleQuery();
rememberTimeZone();
const queryClient = createQueryClient();
const root = document.getElementById('root')!;
// A page the server drew (entry-server.tsx, docs/first-paint.md): hydrate it with the
// language and answers it was drawn with, its page's code and drawn parts loaded first so nothing is
// redrawn and no part hydrates late (ui/lazyPart.ts).
const pageData = readPageData(document);
const storage = localStorageOrNothing();
if (storage) keepMemberHome(queryClient, storage);
if (pageData) {
  seedPageData(queryClient, pageData);
  // Its times hydrate as they were drawn, then follow this browser's clock and zone.
  setDrawnClock(pageData.clock);
  await Promise.all([
    setLocale(pageData.locale),
    loadPagesOf(window.location.pathname).then(() => preloadParts(pageData.parts)),
  ]);
  // As a transition, React hydrates in slices that yield to the browser (about 5 ms each) instead
  // of one task: a member's home hydrated in one 1.4 s task on Lighthouse's slowed phone, all of it
  // blocking time (tools/bench/README.md, session 14).
  startTransition(() => {
    hydrateRoot(
      root,
      <Live>
        <App queryClient={queryClient} />
      </Live>,
    );
  });
  // A language remembered on this device (no cookie) follows once the page is live.
  const remembered = startupLocale(document.cookie);
  if (remembered !== pageData.locale) void setLocale(remembered);
} else {
  // The member's home paints from this device's last answers while they are asked again; not
  // offline, where the offline page is the answer (the cached feed's lazy parts may be missing).
  if (storage && navigator.onLine) restoreMemberHome(queryClient, window.location.pathname, storage);
  // Who is logged in and the catalog are fetched together, before the first paint.
  void queryClient.prefetchQuery(sessionQuery);
  await setLocale(startupLocale(document.cookie));
  // Rendered in slices too (as the hydration above): the page is drawn when the last slice commits.
  startTransition(() => {
    createRoot(root).render(<App queryClient={queryClient} />);
  });
}

if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  // A hydrated page waited for its route's code above: the load event may be past already.
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', register, { once: true });
}
