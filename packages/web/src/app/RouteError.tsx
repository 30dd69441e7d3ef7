import { useI18n } from '../i18n/i18n';
import { Button } from '../ui/Button';
import styles from '../ui/Page.module.css';

/** A render error or a page chunk that failed to load (e.g. after a deploy): offer a reload. */
export function RouteError() {
  const { t } = useI18n();
  return (
    <main className={styles.page} id="main">
      <h1>{t('error.pageTitle')}</h1>
      <p>{t('error.default')}</p>
      <Button onClick={() => window.location.reload()}>{t('error.reload')}</Button>
    </main>
  );
}
