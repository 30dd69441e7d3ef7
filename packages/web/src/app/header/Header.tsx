import { Link, NavLink } from 'react-router';
import { useSession } from '../../api/areas/user';
import { useI18n } from '../../i18n/i18n';
import { buttonClass } from '../../ui/Button';
import { PATHS } from '../../ui/paths';
import { type HeaderSlotName, headerSlot } from '../../ui/slots/header';
import { openLanguageSheet } from '../language/openLanguageSheet';
import { AccountMenu } from './AccountMenu';
import styles from './Header.module.css';

function Slot({ name }: { name: HeaderSlotName }) {
  const Component = headerSlot(name);
  return Component ? (
    <div className={styles.slot} data-slot={name}>
      <Component />
    </div>
  ) : null;
}

export function Header() {
  const { t } = useI18n();
  const { user, isPending } = useSession();
  return (
    <header className={styles.header}>
      <div className={styles.inner} data-visitor={user ? undefined : true}>
        <Link to={PATHS.home} className={styles.brand} aria-label={t('header.home')}>
          <img src="/icons/icon.svg" alt="" width={32} height={32} className={styles.logo} />
          <span className={styles.name}>{t('app.name')}</span>
        </Link>
        <nav className={styles.actions} aria-label={t('header.nav')}>
          {user ? (
            <>
              <Link
                to={PATHS.search}
                className={`${styles.iconButton} ${styles.inBottomNav}`}
                aria-label={t('header.search')}
                title={t('header.search')}
              >
                <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
                  <path
                    fill="currentColor"
                    d="M10 3a7 7 0 0 1 5.6 11.2l5.1 5.1-1.4 1.4-5.1-5.1A7 7 0 1 1 10 3Zm0 2a5 5 0 1 0 0 10 5 5 0 0 0 0-10Z"
                  />
                </svg>
              </Link>
              <NavLink
                to={PATHS.chat}
                className={`${styles.iconButton} ${styles.inBottomNav}`}
                aria-label={t('nav.chatRooms')}
                title={t('nav.chatRooms')}
              >
                <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
                  <path
                    fill="currentColor"
                    d="M3 5a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2v6a2 2 0 0 1-2 2H8l-4 3.5V13a2 2 0 0 1-1-1.7V5Zm2 0v6h1v1.1L7.3 11H15V5H5Zm14 3h.5A1.5 1.5 0 0 1 21 9.5V16a1.5 1.5 0 0 1-1 1.4V21l-3.5-3H10a1.5 1.5 0 0 1-1.5-1.5V15h2v1h6.8l.7.6V16h1V10h-1V8Z"
                  />
                </svg>
              </NavLink>
              <NavLink
                to={PATHS.games}
                className={styles.iconButton}
                aria-label={t('nav.games')}
                title={t('nav.games')}
                data-testid="nav-games"
              >
                <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
                  <path
                    fill="currentColor"
                    d="M7 6h10a5 5 0 0 1 4.9 6l-1 5a3 3 0 0 1-5.2 1.4L13.6 16h-3.2l-2.1 2.4A3 3 0 0 1 3.1 17l-1-5A5 5 0 0 1 7 6Zm0 2a3 3 0 0 0-3 3.6l1 5a1 1 0 0 0 1.7.5L9.5 14h5l2.8 3.1a1 1 0 0 0 1.7-.5l1-5A3 3 0 0 0 17 8H7Zm1 1.5h1.5V11H11v1.5H9.5V14H8v-1.5H6.5V11H8V9.5Zm8 .5a1 1 0 1 1 0 2 1 1 0 0 1 0-2Zm-1.5 2.5a1 1 0 1 1 0 2 1 1 0 0 1 0-2Z"
                  />
                </svg>
              </NavLink>
              <Slot name="gold" />
              <Slot name="friends" />
              <Slot name="im" />
              <Slot name="notifications" />
              <AccountMenu user={user} />
            </>
          ) : isPending ? null : (
            <>
              <button
                type="button"
                className={styles.iconButton}
                onClick={openLanguageSheet}
                aria-label={t('header.language')}
                title={t('header.language')}
              >
                <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
                  <path
                    fill="currentColor"
                    d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm6.9 6h-3a15.7 15.7 0 0 0-1.4-3.6A8 8 0 0 1 18.9 8ZM12 4c.8 1.2 1.5 2.5 1.9 4h-3.8c.4-1.5 1.1-2.8 1.9-4ZM4.3 14a8.2 8.2 0 0 1 0-4h3.4a16.5 16.5 0 0 0 0 4H4.3Zm.8 2h3a15.7 15.7 0 0 0 1.4 3.6A8 8 0 0 1 5.1 16Zm3-8h-3a8 8 0 0 1 4.4-3.6C8.9 5.5 8.4 6.7 8.1 8ZM12 20c-.8-1.2-1.5-2.5-1.9-4h3.8c-.4 1.5-1.1 2.8-1.9 4Zm2.3-6H9.7a14.7 14.7 0 0 1 0-4h4.6a14.7 14.7 0 0 1 0 4Zm.2 5.6c.6-1.1 1.1-2.3 1.4-3.6h3a8 8 0 0 1-4.4 3.6Zm1.8-5.6a16.5 16.5 0 0 0 0-4h3.4a8.2 8.2 0 0 1 0 4h-3.4Z"
                  />
                </svg>
              </button>
              <Link to={PATHS.login} className={buttonClass('ghost')}>
                {t('header.login')}
              </Link>
              <Link to={PATHS.signup} className={buttonClass('primary')}>
                {t('header.signup')}
              </Link>
            </>
          )}
        </nav>
      </div>
    </header>
  );
}
