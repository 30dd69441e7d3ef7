import type { AdminDashboard } from '@tertulia/contract';
import { useDashboard } from '../../api/areas/admin';
import { formatCount, useI18n } from '../../i18n/i18n';
import { errorText } from '../../ui/errors/handleError';
import styles from './Admin.module.css';
import { AdminFrame } from './AdminFrame';
import './texts';
import { DailyCharts } from './DailyCharts';
import { WebVitals } from './WebVitals';

const STATS: (keyof AdminDashboard)[] = [
  'openReports',
  'members',
  'activeLastHour',
  'signupsToday',
  'bannedMembers',
  'staff',
  'actionsToday',
];

function Dashboard() {
  const { t } = useI18n();
  const query = useDashboard();
  const data = query.data?.[0];
  if (query.isError) return <p role="alert">{errorText(query.error)}</p>;
  return (
    <ul className={styles.stats}>
      {STATS.map((key) => (
        <li key={key} className={styles.stat} data-testid={`stat-${key}`}>
          <span className={styles.statValue}>{data ? formatCount(data[key]) : '…'}</span>
          <span className={styles.statLabel}>{t(`admin.stat.${key}`)}</span>
        </li>
      ))}
    </ul>
  );
}

export function Component() {
  const { t } = useI18n();
  return (
    <AdminFrame title={t('admin.nav.dashboard')}>
      <Dashboard />
      <DailyCharts />
      <WebVitals />
    </AdminFrame>
  );
}
