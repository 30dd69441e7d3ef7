import { Link } from 'react-router';
import { useSession } from '../../api/areas/user';
import { useI18n } from '../../i18n/i18n';
import { LanguageList } from '../../ui/language/LanguageList';
import pageStyles from '../../ui/Page.module.css';
import { PATHS } from '../../ui/paths';
import { RequireLogin } from '../../ui/RequireLogin';
import { usePageTitle } from '../../ui/title/pageTitle';
import { BlockedMembers } from '../people/BlockedMembers';
import peopleStyles from '../people/People.module.css';
import { PushSettings } from '../webpush/PushSettings';
import { AccountSecurity } from './AccountSecurity';
import { AccountSettings } from './AccountSettings';
import { AppearanceSettings } from './AppearanceSettings';
import { NotificationSettings } from './NotificationSettings';
import { PrivacySettings } from './PrivacySettings';
import styles from './Settings.module.css';
import './texts';

function Settings() {
  const { t } = useI18n();
  const { user } = useSession();
  usePageTitle(t('settings.title'));
  if (!user) return null;
  return (
    <div className={pageStyles.page}>
      <h1>{t('settings.title')}</h1>
      <div className={`${pageStyles.card} ${peopleStyles.stack}`}>
        <AccountSettings />
        <section className={styles.section} aria-labelledby="settings-language">
          <h2 id="settings-language">{t('prefs.language')}</h2>
          <LanguageList />
        </section>
        <NotificationSettings />
        <PushSettings />
        <PrivacySettings />
        <BlockedMembers />
        <AppearanceSettings />
        <AccountSecurity />
      </div>
      {/* What Tertulia is and the credits of its open artwork (their licences ask for the attribution). */}
      <p>
        <Link to={PATHS.about}>{t('menu.about')}</Link>
      </p>
    </div>
  );
}

/** Account settings; each section saves on the server (features/account/preferencesApi.ts). */
export function Component() {
  return (
    <RequireLogin>
      <Settings />
    </RequireLogin>
  );
}
