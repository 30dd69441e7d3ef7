import { useI18n } from '../../i18n/i18n';
import { useStore } from '../store';
import styles from './Dialog.module.css';
import { type DialogStore, dialogs as defaultStore } from './dialogStore';

/** Renders open dialogs once their chunk has arrived; a status line while one is loading. */
export function DialogHost({ store = defaultStore }: { store?: DialogStore }) {
  const open = useStore(store);
  const { t } = useI18n();
  const loading = open.some((d) => d.status === 'loading');
  return (
    <>
      {loading && (
        <div role="status" className={styles.loading}>
          {t('dialog.loading')}
        </div>
      )}
      <section className={styles.dock} aria-label={t('dialog.minimized')} id="dialog-dock" />
      {open.map((entry) => {
        const Component = entry.definition.loaded;
        if (entry.status !== 'ready' || !Component) return null;
        const controls = {
          close: () => store.close(entry.key),
          minimize: () => store.minimize(entry.key),
          maximize: () => store.maximize(entry.key),
          minimized: entry.minimized,
        };
        return <Component key={entry.key} {...entry.props} dialog={controls} />;
      })}
    </>
  );
}
