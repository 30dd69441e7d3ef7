import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import './features';
import { startupLocale } from './ui/language/rememberedLocale';
import { PATHS } from './ui/paths';
import './app/theme.css';
import { installAnalytics } from './api/analytics';
import { sessionQuery } from './api/areas/user';
import { createQueryClient } from './api/query';
import { LOCALES, setLocale } from './i18n/i18n';

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

// First, so an error while starting is reported too (sampled).
installAnalytics();
applyLocaleQuery();
const queryClient = createQueryClient();
// Who is logged in and the catalog are fetched together, before the first paint.
void queryClient.prefetchQuery(sessionQuery);
await setLocale(startupLocale(document.cookie));

createRoot(document.getElementById('root')!).render(<App queryClient={queryClient} />);

if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  });
}
