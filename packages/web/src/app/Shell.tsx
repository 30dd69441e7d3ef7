import { useEffect } from 'react';
import { Outlet, useMatches, useNavigate } from 'react-router';
import { useSession } from '../api/areas/user';
import { useI18n } from '../i18n/i18n';
import { DialogHost } from '../ui/dialog/DialogHost';
import { setNavigator } from '../ui/navigation';
import { PopupHost } from '../ui/popup/PopupHost';
import { LazySheetHost } from '../ui/sheet/LazySheetHost';
import { Toaster } from '../ui/toast/Toaster';
import { AdColumn } from './ads/AdColumn';
import { showAds } from './ads/showAds';
import { Header } from './header/Header';
import { usePushConnection } from './push/usePushConnection';
import type { RouteHandle } from './router';
import styles from './Shell.module.css';

/** The frame around every page: header, side ad columns, and the hosts of the UI kit. */
export function Shell() {
  const { t } = useI18n();
  const { user } = useSession();
  const navigate = useNavigate();
  const matches = useMatches();
  const adFree = matches.some((match) => (match.handle as RouteHandle | undefined)?.adFree);
  const ads = showAds(user, adFree);

  useEffect(() => setNavigator((href) => navigate(href)), [navigate]);
  usePushConnection(user);

  return (
    <>
      <a className={styles.skip} href="#main">
        {t('app.skipToContent')}
      </a>
      <Header />
      <div className={styles.layout} data-ads={ads || undefined}>
        {ads && <AdColumn side="start" />}
        <main id="main" className={styles.main} tabIndex={-1}>
          <Outlet />
        </main>
        {ads && <AdColumn side="end" />}
      </div>
      <Toaster />
      <LazySheetHost />
      <PopupHost />
      <DialogHost />
    </>
  );
}
