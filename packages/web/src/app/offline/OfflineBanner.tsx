import { useSyncExternalStore } from 'react';
import { useI18n } from '../../i18n/i18n';
import styles from './OfflineBanner.module.css';

const subscribe = (change: () => void) => {
  window.addEventListener('online', change);
  window.addEventListener('offline', change);
  return () => {
    window.removeEventListener('online', change);
    window.removeEventListener('offline', change);
  };
};

/**
 * The app's offline state: the shell comes from the service worker's cache, so the app opens
 * without a network; this bar says so, and that what the member writes waits to be sent.
 */
export function OfflineBanner() {
  const { t } = useI18n();
  const online = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
  if (online) return null;
  return (
    <div className={styles.banner} role="status" data-testid="offline-banner">
      {t('offline.banner')}
    </div>
  );
}
