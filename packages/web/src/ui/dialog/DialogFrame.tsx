import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useI18n } from '../../i18n/i18n';
import styles from './Dialog.module.css';
import type { DialogControls } from './dialogStore';

interface Props {
  title: string;
  dialog: DialogControls;
  children: ReactNode;
  /** IM-style windows can be minimized to the dock and stay non-modal. */
  minimizable?: boolean;
  role?: 'dialog' | 'alertdialog';
  onDismiss?: () => void;
}

/** The shared window chrome: title bar, minimize/maximize, close, focus handling via Radix. */
export function DialogFrame({
  title,
  dialog,
  children,
  minimizable = false,
  role = 'dialog',
  onDismiss,
}: Props) {
  const { t } = useI18n();
  const dismiss = () => {
    onDismiss?.();
    dialog.close();
  };
  const dock = typeof document !== 'undefined' ? document.getElementById('dialog-dock') : null;
  if (dialog.minimized) {
    const tab = (
      <button
        type="button"
        className={styles.tab}
        onClick={dialog.maximize}
        aria-label={`${t('dialog.maximize')}: ${title}`}
      >
        {title}
      </button>
    );
    return dock ? createPortal(tab, dock) : tab;
  }
  return (
    <Dialog.Root open modal={!minimizable} onOpenChange={(open) => !open && dismiss()}>
      <Dialog.Portal>
        {!minimizable && <Dialog.Overlay className={styles.overlay} />}
        <Dialog.Content
          className={minimizable ? `${styles.frame} ${styles.docked}` : styles.frame}
          role={role}
          aria-describedby={undefined}
          // A non-modal window must not steal clicks made on the page behind it.
          onInteractOutside={minimizable ? (event) => event.preventDefault() : undefined}
        >
          <header className={styles.bar}>
            <Dialog.Title className={styles.title}>{title}</Dialog.Title>
            {minimizable && (
              <button
                type="button"
                className={styles.icon}
                onClick={dialog.minimize}
                aria-label={t('dialog.minimize')}
              >
                <span aria-hidden="true">–</span>
              </button>
            )}
            <Dialog.Close className={styles.icon} aria-label={t('dialog.close')}>
              <span aria-hidden="true">×</span>
            </Dialog.Close>
          </header>
          <div className={styles.body}>{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
