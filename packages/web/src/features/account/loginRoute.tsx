import { Link, Navigate, useSearchParams } from 'react-router';
import { useSession } from '../../api/areas/user';
import { useI18n } from '../../i18n/i18n';
import pageStyles from '../../ui/Page.module.css';
import { PATHS } from '../../ui/paths';
import { usePageTitle } from '../../ui/title/pageTitle';
import styles from './Account.module.css';
import { safeNext } from './afterLogin';
import { LoginForm } from './LoginForm';

export function Component() {
  const { t } = useI18n();
  const { user } = useSession();
  const [params] = useSearchParams();
  usePageTitle(t('login.title'));
  const next = params.get('next');
  if (user) return <Navigate to={safeNext(next, PATHS.home)} replace />;
  return (
    <div className={pageStyles.page}>
      <div className={pageStyles.card}>
        <LoginForm next={next} headingLevel={1} autoFocus />
      </div>
      <p className={styles.switch}>
        {t('login.noAccount')} <Link to={PATHS.signup}>{t('login.signupLink')}</Link>
      </p>
    </div>
  );
}
