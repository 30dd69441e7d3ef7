import { useNavigate } from 'react-router';
import { useI18n } from '../../i18n/i18n';
import { dialogs } from '../dialog/dialogStore';
import { useStore } from '../store';
import styles from './Toaster.module.css';
import { toast as defaultQueue, type Toast, type ToastQueue, toastLabel } from './toastStore';

/** Renders the current toast at the top; the queue itself lives in toastStore. */
export function Toaster({ queue = defaultQueue }: { queue?: ToastQueue }) {
  const { current } = useStore(queue);
  // A toast sits under an open dialog's scrim (theme.css --z-toast): dimmed, and outside the
  // modal: inert (unreachable, hidden from assistive technology) until the dialog closes.
  const underDialog = useStore(dialogs).some((d) => !d.minimized);
  const { t } = useI18n();
  const navigate = useNavigate();

  const activate = (item: Toast) => {
    queue.click(item.id);
    // In-app paths go through the router; anything else is a full navigation.
    if (item.href?.startsWith('/') && !item.href.startsWith('//')) navigate(item.href);
    else if (item.href) window.location.assign(item.href);
  };

  const view = current && (
    <div key={current.id} className={styles.toast} data-kind={current.kind} data-testid="toast">
      <button type="button" className={styles.body} onClick={() => activate(current)}>
        <span className={styles.kind}>{t(`toast.kind.${current.kind}`)}</span>
        <span className={styles.text}>{toastLabel(current)}</span>
        {current.kind === 'progress' && (
          <span className={styles.progress}>
            <span
              role="progressbar"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={current.percent}
              className={styles.bar}
              style={{ inlineSize: `${current.percent}%` }}
            />
            <span className={styles.percent}>{`${current.percent}%`}</span>
          </span>
        )}
      </button>
      <button
        type="button"
        className={styles.close}
        aria-label={t('toast.close')}
        onClick={() => queue.close(current.id)}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
  const isError = current?.kind === 'error';

  // Two fixed live regions (a region that changes its role is announced unreliably): errors
  // interrupt a screen reader, the rest wait their turn.
  return (
    <section className={styles.region} aria-label={t('toast.region')} inert={underDialog}>
      <div role="status">{!isError && view}</div>
      <div role="alert">{isError && view}</div>
    </section>
  );
}
