import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { useSession } from '../../api/areas/user';
import { useI18n } from '../../i18n/i18n';
import pageStyles from '../../ui/Page.module.css';
import { RequireLogin } from '../../ui/RequireLogin';
import { usePageTitle } from '../../ui/title/pageTitle';
import styles from './Admin.module.css';
import { ADMIN_PATHS } from './paths';
import './texts';
import '../premium/texts';

/**
 * Every admin page: members only, and only the team past this point. The check here only spares
 * others an empty page; the server refuses every admin call to anyone else.
 */
export function AdminFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <RequireLogin>
      <StaffOnly title={title}>{children}</StaffOnly>
    </RequireLogin>
  );
}

function StaffOnly({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useI18n();
  const { user } = useSession();
  usePageTitle(`${title} · ${t('admin.title')}`);
  const staff = !!user && (user.isAdmin || user.isModerator);
  const links = [
    [ADMIN_PATHS.dashboard, t('admin.nav.dashboard')],
    [ADMIN_PATHS.reports, t('admin.nav.reports')],
    [ADMIN_PATHS.members, t('admin.nav.members')],
    [ADMIN_PATHS.audit, t('admin.nav.audit')],
    ...(user?.isAdmin
      ? ([
          [ADMIN_PATHS.ads, t('admin.nav.ads')],
          [ADMIN_PATHS.games, t('admin.nav.games')],
          [ADMIN_PATHS.gifts, t('admin.nav.gifts')],
          [ADMIN_PATHS.live, t('admin.nav.live')],
        ] as const)
      : []),
  ] as const;
  return (
    <div className={`${pageStyles.page} ${styles.admin}`}>
      <h1>{title}</h1>
      {staff ? (
        <>
          <nav aria-label={t('admin.navLabel')} className={styles.nav}>
            {links.map(([to, label]) => (
              <NavLink key={to} to={to} end className={styles.navLink}>
                {label}
              </NavLink>
            ))}
          </nav>
          {children}
        </>
      ) : (
        <p role="alert">{t('admin.staffOnly')}</p>
      )}
    </div>
  );
}

export function useDateFormat() {
  const { locale } = useI18n();
  return (ms: number) =>
    new Date(ms).toLocaleString(locale === 'es' ? 'es-ES' : 'en-GB', {
      dateStyle: 'medium',
      timeStyle: 'short',
    });
}
