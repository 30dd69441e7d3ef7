import { PremiumFeatureKey, type User } from '@tertulia/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { OnlineStatus, type OnlineStatusName, statusOf } from '../../api/areas/premium';
import { hasFeature } from '../../api/areas/user';
import { statusMessageDialog } from '../../features/status/statusMessageDialog';
import { useSaveOnlineStatus } from '../../features/status/useSaveOnlineStatus';
import { useI18n } from '../../i18n/i18n';
import { openDialog } from '../../ui/dialog/dialogStore';
import { openVipPromptFor } from '../../ui/member/vipPrompt';
import { PATHS } from '../../ui/paths';
import { openLanguageSheet } from '../language/openLanguageSheet';
import { AccountButton } from './AccountButton';
import styles from './Header.module.css';

const STATUSES: readonly OnlineStatusName[] = ['online', 'busy', 'invisible'];

/**
 * The account menu as a disclosure (button + panel of ordinary buttons and links): fully
 * keyboard and screen-reader friendly without a 30 KiB menu library in every member's page.
 * Holds the online-status choice (online, busy, invisible).
 */
export function AccountMenu({ user }: { user: User }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const setStatus = useSaveOnlineStatus();
  const status = statusOf(user);

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

  const then = (action: () => void) => () => {
    setOpen(false);
    action();
  };

  return (
    <div className={styles.menuRoot} ref={root}>
      <AccountButton
        ref={button}
        user={user}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      />
      <div id={panelId} className={styles.menu} hidden={!open}>
        <fieldset className={styles.menuGroup}>
          <legend className={styles.menuLabel}>{t('menu.status')}</legend>
          {STATUSES.map((item) => (
            <button
              key={item}
              type="button"
              className={styles.menuItem}
              aria-pressed={item === status}
              onClick={then(() => {
                if (item === status) return;
                // Invisibility is IM_STATUS's (VIP brings it): without it, the VIP sheet says so.
                if (item === 'invisible' && !hasFeature(user, PremiumFeatureKey.IM_STATUS))
                  return void openVipPromptFor('invisible', { trialAvailable: user.vipTrialAvailable });
                setStatus.mutate({ status: OnlineStatus[item] });
              })}
            >
              <span className={styles.dot} data-status={item} aria-hidden="true" />
              {t(`status.${item}`)}
              {item === status && (
                <span className={styles.check} aria-hidden="true">
                  ✓
                </span>
              )}
            </button>
          ))}
          <button
            type="button"
            className={styles.menuItem}
            onClick={then(() => openDialog(statusMessageDialog, { status: OnlineStatus[status] }))}
          >
            {t('menu.statusMessage')}
          </button>
        </fieldset>
        <hr className={styles.separator} />
        <Link to={PATHS.profile(user.uid)} className={styles.menuItem} onClick={() => setOpen(false)}>
          {t('menu.profile')}
        </Link>
        <Link to={PATHS.profileVisits} className={styles.menuItem} onClick={() => setOpen(false)}>
          {t('menu.visits')}
        </Link>
        <Link to={PATHS.leaderboards} className={styles.menuItem} onClick={() => setOpen(false)}>
          {t('menu.boards')}
        </Link>
        <Link to={PATHS.dailySpin} className={styles.menuItem} onClick={() => setOpen(false)}>
          {t('menu.spin')}
        </Link>
        <Link to={PATHS.contests} className={styles.menuItem} onClick={() => setOpen(false)}>
          {t('menu.contests')}
        </Link>
        <Link to={PATHS.gems} className={styles.menuItem} onClick={() => setOpen(false)}>
          {t('menu.gems')}
        </Link>
        <Link to={PATHS.settings} className={styles.menuItem} onClick={() => setOpen(false)}>
          {t('menu.settings')}
        </Link>
        <hr className={styles.separator} />
        <button type="button" className={styles.menuItem} onClick={then(openLanguageSheet)}>
          {t('menu.language')}
        </button>
        <Link to={PATHS.logout} className={styles.menuItem} onClick={() => setOpen(false)}>
          {t('menu.logout')}
        </Link>
      </div>
    </div>
  );
}
