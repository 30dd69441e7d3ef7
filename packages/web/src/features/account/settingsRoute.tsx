import { Link } from 'react-router';
import { useSession } from '../../api/areas/user';
import pageStyles from '../../app/Page.module.css';
import { PATHS } from '../../app/paths';
import { RequireLogin } from '../../app/RequireLogin';
import { useI18n } from '../../i18n/i18n';
import { usePageTitle } from '../../ui/title/pageTitle';
import { ImColors } from '../messaging/ImColors';
import { BlockedMembers } from '../people/BlockedMembers';
import styles from '../people/People.module.css';
import { AccountSecurity } from './AccountSecurity';

function Settings() {
  const { t } = useI18n();
  const { user } = useSession();
  usePageTitle(t('settings.title'));
  if (!user) return null;
  return (
    <div className={pageStyles.page}>
      <h1>{t('settings.title')}</h1>
      <div className={`${pageStyles.card} ${styles.stack}`}>
        <section className={styles.settingsSection} aria-labelledby="settings-profile">
          <h2 id="settings-profile">{t('settings.profile')}</h2>
          <ul className={styles.linkList}>
            <li>
              <Link to={PATHS.profile(user.uid)}>{t('settings.profileLink')}</Link>
            </li>
            <li>
              <Link to={PATHS.profileVisits}>{t('visits.title')}</Link>
            </li>
            <li>
              {user.verified ? t('settings.verified') : <Link to={PATHS.verify}>{t('verify.now')}</Link>}
            </li>
          </ul>
        </section>
        <ImColors />
        <BlockedMembers />
        <AccountSecurity />
      </div>
    </div>
  );
}

/** Account settings; the people feature contributes the blocked-members list. */
export function Component() {
  return (
    <RequireLogin>
      <Settings />
    </RequireLogin>
  );
}
