import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation, useMatches, useNavigate, useNavigation } from 'react-router';
import { useSession } from '../api/areas/user';
import { setQueryErrorHandler } from '../api/query';
import { showAds } from '../features/premium/showAds';
import { useI18n } from '../i18n/i18n';
import { DialogHost } from '../ui/dialog/DialogHost';
import { setDialogRegistry } from '../ui/dialog/dialogStore';
import { handleError } from '../ui/errors/handleError';
import { rememberLocale } from '../ui/language/rememberedLocale';
import { setNavigator } from '../ui/navigation';
import { LazyPopupHost } from '../ui/popup/LazyPopupHost';
import { LazySheetHost } from '../ui/sheet/LazySheetHost';
import { Toaster } from '../ui/toast/Toaster';
import { AdColumn } from './ads/AdColumn';
import { Header } from './header/Header';
import { BottomNav } from './nav/BottomNav';
import { OfflineBanner, OfflinePage, useOnline } from './offline/OfflineBanner';
import { usePushConnection } from './push/usePushConnection';
import type { RouteHandle } from './routeHandle';
import styles from './Shell.module.css';
import './compose';

// Failed queries and mutations become toasts (or the verify prompt): api/ reports, ui/ shows.
setQueryErrorHandler(handleError);
// The feature dialogs' registry is fetched when the first of them opens.
setDialogRegistry(() => import('./dialogs/registry'));

/** The frame around every page: header, side ad columns, and the hosts of the UI kit. */
export function Shell() {
  const { t } = useI18n();
  const { user, isPending } = useSession();
  const online = useOnline();
  const navigate = useNavigate();
  // A page's code loads on its first visit: until it shows, the previous page stays, with this bar.
  const loading = useNavigation().state === 'loading';
  const matches = useMatches();
  const adFree = matches.some((match) => (match.handle as RouteHandle | undefined)?.adFree);
  const ads = showAds(user, adFree);

  useEffect(() => setNavigator((href) => navigate(href)), [navigate]);
  usePushConnection(user);
  // The member's stored language is remembered for the next first paint (a new tab, no cookie).
  useEffect(() => rememberLocale(user?.locale), [user?.locale]);

  // After an in-app navigation, move focus to the new page so screen readers announce it,
  // unless the page already focused something of its own (a form field).
  const { pathname } = useLocation();
  const main = useRef<HTMLElement>(null);
  const firstPath = useRef(pathname);
  useEffect(() => {
    if (pathname === firstPath.current) return;
    firstPath.current = '';
    if (main.current && !main.current.contains(document.activeElement))
      main.current.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <>
      <a className={styles.skip} href="#main">
        {t('app.skipToContent')}
      </a>
      <OfflineBanner />
      <Header />
      {loading && <div className={styles.pending} role="progressbar" aria-label={t('app.loading')} />}
      <div className={styles.layout} data-ads={ads || undefined}>
        {ads && <AdColumn side="start" />}
        <main id="main" ref={main} className={styles.main} tabIndex={-1}>
          {!online && !user && !isPending ? <OfflinePage /> : <Outlet />}
        </main>
        {ads && <AdColumn side="end" />}
      </div>
      <BottomNav />
      <Toaster />
      <LazySheetHost />
      <LazyPopupHost />
      <DialogHost />
      <ScrollRestoration />
    </>
  );
}
