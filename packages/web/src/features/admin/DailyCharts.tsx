import { useDailyStats, useTopErrors } from '../../api/areas/admin';
import { formatCount, useI18n } from '../../i18n/i18n';
import { errorText } from '../../ui/errors/handleError';
import styles from './Admin.module.css';
import { DailyChart } from './DailyChart';
import './texts';

/** The days the dashboard charts: a month. */
const DAYS = 30;

/** The dashboard's daily charts and the browser errors reported most, all read from daily totals. */
export function DailyCharts() {
  const { t } = useI18n();
  const stats = useDailyStats(DAYS);
  const errors = useTopErrors(DAYS);
  return (
    <>
      <section aria-labelledby="admin-charts">
        <h2 id="admin-charts">{t('admin.chartsTitle', { days: DAYS })}</h2>
        {stats.isError ? <p role="alert">{errorText(stats.error)}</p> : null}
        {stats.isPending ? <p>{t('admin.loading')}</p> : null}
        <div className={styles.charts}>
          {(stats.data ?? []).map((series) => (
            <DailyChart key={series.metric} series={series} />
          ))}
        </div>
      </section>
      <section aria-labelledby="admin-errors">
        <h2 id="admin-errors">{t('admin.topErrors')}</h2>
        {errors.isError ? <p role="alert">{errorText(errors.error)}</p> : null}
        {errors.data && !errors.data.length ? <p>{t('admin.noErrors')}</p> : null}
        <ol className={styles.errors} data-testid="top-errors">
          {(errors.data ?? []).map((e) => (
            <li key={e.message} className={styles.errorRow}>
              <code className={styles.errorMessage}>{e.message}</code>
              <span className={styles.errorCount}>{formatCount(e.count)}</span>
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
