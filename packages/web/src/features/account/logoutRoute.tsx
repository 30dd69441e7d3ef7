import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useLogout } from '../../api/areas/profile';
import { useI18n } from '../../i18n/i18n';
import pageStyles from '../../ui/Page.module.css';
import { PATHS } from '../../ui/paths';
import { usePageTitle } from '../../ui/title/pageTitle';

/** Logs out once on arrival (POST, same origin) and lands on the home page. */
export function Component() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const logout = useLogout();
  const started = useRef(false);
  usePageTitle(t('logout.title'));

  useEffect(() => {
    // StrictMode runs effects twice in development; the session must end only once.
    if (started.current) return;
    started.current = true;
    logout.mutate(undefined, { onSettled: () => navigate(PATHS.home, { replace: true }) });
  }, [logout, navigate]);

  return (
    <div className={pageStyles.page}>
      <p role="status">{t('logout.progress')}</p>
    </div>
  );
}
