import { useSyncExternalStore } from 'react';
import { useI18n } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import styles from './OfflineBanner.module.css';

const subscribe = (change: () => void) => {
  window.addEventListener('online', change);
  window.addEventListener('offline', change);
  return () => {
    window.removeEventListener('online', change);
    window.removeEventListener('offline', change);
  };
};

/** Whether the browser says it has a network. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * The app's offline state: the shell comes from the service worker's cache, so the app opens
 * without a network; this bar says so, and that what the member writes waits to be sent.
 */
export function OfflineBanner() {
  const { t } = useI18n();
  if (useOnline()) return null;
  return (
    <div className={styles.banner} role="status" data-testid="offline-banner">
      {t('offline.banner')}
    </div>
  );
}

/** In place of a page that could not load its data because the app opened without a network. */
export function OfflinePage() {
  const { t } = useI18n();
  return (
    <div className={styles.page} data-testid="offline-page">
      <h1>{t('offline.title')}</h1>
      <p>{t('offline.body')}</p>
      <Button onClick={() => window.location.reload()}>{t('offline.retry')}</Button>
    </div>
  );
}
