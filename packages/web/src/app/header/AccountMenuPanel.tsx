import { PremiumFeatureKey, type User } from '@tertulia/contract';
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
import styles from './Header.module.css';

const STATUSES: readonly OnlineStatusName[] = ['online', 'busy', 'invisible'];

/**
 * The account menu's items (AccountMenu.tsx): the online-status choice (online, busy, invisible),
 * the member's pages, language and log out. Its own chunk, fetched on the menu's first opening.
 */
export default function AccountMenuPanel({ user, close }: { user: User; close: () => void }) {
  const { t } = useI18n();
  const setStatus = useSaveOnlineStatus();
  const status = statusOf(user);
  const then = (action: () => void) => () => {
    close();
    action();
  };

  return (
    <>
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
      <Link to={PATHS.profile(user.uid)} className={styles.menuItem} onClick={close}>
        {t('menu.profile')}
      </Link>
      <Link to={PATHS.profileVisits} className={styles.menuItem} onClick={close}>
        {t('menu.visits')}
      </Link>
      <Link to={PATHS.leaderboards} className={styles.menuItem} onClick={close}>
        {t('menu.boards')}
      </Link>
      <Link to={PATHS.dailySpin} className={styles.menuItem} onClick={close}>
        {t('menu.spin')}
      </Link>
      <Link to={PATHS.contests} className={styles.menuItem} onClick={close}>
        {t('menu.contests')}
      </Link>
      <Link to={PATHS.gems} className={styles.menuItem} onClick={close}>
        {t('menu.gems')}
      </Link>
      <Link to={PATHS.settings} className={styles.menuItem} onClick={close}>
        {t('menu.settings')}
      </Link>
      <hr className={styles.separator} />
      <button type="button" className={styles.menuItem} onClick={then(openLanguageSheet)}>
        {t('menu.language')}
      </button>
      <Link to={PATHS.logout} className={styles.menuItem} onClick={close}>
        {t('menu.logout')}
      </Link>
    </>
  );
}
