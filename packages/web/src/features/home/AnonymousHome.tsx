import { Link } from 'react-router';
import { useI18n } from '../../i18n/i18n';
import { buttonClass } from '../../ui/Button';
import pageStyles from '../../ui/Page.module.css';
import { MUST_BE_LOGGED_IN, PATHS } from '../../ui/paths';
import { usePageTitle } from '../../ui/title/pageTitle';
import accountStyles from '../account/Account.module.css';
import { LoginForm } from '../account/LoginForm';
import styles from './Home.module.css';

export function AnonymousHome({ status, next }: { status: string | null; next: string | null }) {
  const { t } = useI18n();
  usePageTitle(t('home.title'));
  const mustLogIn = status === MUST_BE_LOGGED_IN;
  return (
    <div className={`${pageStyles.page} ${styles.anonymous}`}>
      <section className={styles.hero} aria-labelledby="home-hero">
        <h1 id="home-hero" className={styles.heroTitle}>
          {t('home.heroTitle')}
        </h1>
        <p className={styles.heroLead}>{t('home.heroLead')}</p>
        <Link to={PATHS.signup} className={buttonClass('primary')}>
          {t('header.signup')}
        </Link>
      </section>
      <div className={pageStyles.card}>
        {mustLogIn && (
          <p role="alert" className={styles.notice}>
            {t('home.mustBeLoggedIn')}
          </p>
        )}
        {/* Sent here from a members-only page: go back there after logging in. */}
        <LoginForm autoFocus={mustLogIn} next={next ?? undefined} />
        <p className={accountStyles.switch}>
          {t('login.noAccount')} <Link to={PATHS.signup}>{t('login.signupLink')}</Link>
        </p>
      </div>
    </div>
  );
}
