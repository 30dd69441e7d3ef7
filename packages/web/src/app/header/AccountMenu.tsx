import type { User } from '@tertulia/contract';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useI18n } from '../../i18n/i18n';
import { AccountButton } from './AccountButton';
import styles from './Header.module.css';

// The items are fetched on the first opening: every page shows the button, few open the menu
// (e2e/first-load.e2e.test.ts, the member home's 150 KiB budget).
const AccountMenuPanel = lazy(() => import('./AccountMenuPanel'));

/**
 * The account menu as a disclosure (button + panel of ordinary buttons and links): fully
 * keyboard and screen-reader friendly without a 30 KiB menu library in every member's page.
 * Holds the online-status choice (online, busy, invisible).
 */
export function AccountMenu({ user }: { user: User }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  // Once opened, the panel stays mounted (hidden): reopening is instant.
  const [opened, setOpened] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const outside = (event: Event) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('focusin', outside);
    document.addEventListener('keydown', onEscape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('focusin', outside);
      document.removeEventListener('keydown', onEscape);
    };
  }, [open]);

  return (
    <div className={styles.menuRoot} ref={root}>
      <AccountButton
        ref={button}
        user={user}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          setOpened(true);
          setOpen((o) => !o);
        }}
      />
      <div id={panelId} className={styles.menu} hidden={!open}>
        {opened && (
          <Suspense fallback={<p className={styles.menuLabel}>{t('app.loading')}</p>}>
            <AccountMenuPanel user={user} close={() => setOpen(false)} />
          </Suspense>
        )}
      </div>
    </div>
  );
}
