import { WEB_VITAL_METRICS, type WebVitalMetric, type WebVitalP75 } from '@tertulia/contract';
import { useWebVitals } from '../../api/areas/admin';
import { formatCount, getLocale, useI18n } from '../../i18n/i18n';
import { errorText } from '../../ui/errors/handleError';
import styles from './Admin.module.css';
import './texts';

/** The days the table covers: a month, as the charts above it. */
const DAYS = 30;

/** Google's thresholds ("good" up to the first, "poor" past the second): web.dev/articles/vitals. */
export const THRESHOLDS: Record<WebVitalMetric, [number, number]> = {
  LCP: [2500, 4000],
  INP: [200, 500],
  CLS: [0.1, 0.25],
};

export type Rating = 'good' | 'needsImprovement' | 'poor';

export function ratingOf(metric: WebVitalMetric, value: number): Rating {
  const [good, poor] = THRESHOLDS[metric];
  return value <= good ? 'good' : value <= poor ? 'needsImprovement' : 'poor';
}

/** A value as a web team reads it: LCP in seconds, INP in milliseconds, CLS with two decimals. */
export function formatVital(metric: WebVitalMetric, value: number): string {
  const locale = getLocale();
  if (metric === 'LCP') {
    return `${new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value / 1000)} s`;
  }
  if (metric === 'INP') return `${formatCount(Math.round(value))} ms`;
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
}

/** One row per page: each vital's p75 (with its rating in words) and the page's samples. */
function byPage(rows: WebVitalP75[]) {
  const pages = new Map<string, { vitals: Partial<Record<WebVitalMetric, number>>; samples: number }>();
  for (const row of rows) {
    const page = pages.get(row.page) ?? { vitals: {}, samples: 0 };
    page.vitals[row.metric] = row.p75;
    page.samples = Math.max(page.samples, row.samples);
    pages.set(row.page, page);
  }
  return [...pages].sort((a, b) => b[1].samples - a[1].samples || a[0].localeCompare(b[0]));
}

/** The dashboard's Core Web Vitals table: the 75th percentile of LCP, INP and CLS per page route. */
export function WebVitals() {
  const { t } = useI18n();
  const query = useWebVitals(DAYS);
  const pages = byPage(query.data ?? []);
  return (
    <section aria-labelledby="admin-vitals">
      <h2 id="admin-vitals">{t('admin.vitals.title', { days: DAYS })}</h2>
      <p className={styles.vitalsLead}>{t('admin.vitals.lead')}</p>
      {query.isError ? <p role="alert">{errorText(query.error)}</p> : null}
      {query.isPending ? <p>{t('admin.loading')}</p> : null}
      {query.data && !pages.length ? <p>{t('admin.vitals.none')}</p> : null}
      {pages.length > 0 && (
        // A region that scrolls sideways on a phone: reachable by keyboard, named by its heading.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus (axe scrollable-region-focusable)
        <section className={styles.vitalsScroll} aria-labelledby="admin-vitals" tabIndex={0}>
          <table className={styles.vitals} data-testid="web-vitals">
            <thead>
              <tr>
                <th scope="col">{t('admin.vitals.page')}</th>
                {WEB_VITAL_METRICS.map((metric) => (
                  <th key={metric} scope="col">
                    {metric}
                  </th>
                ))}
                <th scope="col">{t('admin.vitals.samples')}</th>
              </tr>
            </thead>
            <tbody>
              {pages.map(([page, { vitals, samples }]) => (
                <tr key={page}>
                  <th scope="row">
                    <code>{page}</code>
                  </th>
                  {WEB_VITAL_METRICS.map((metric) => {
                    const value = vitals[metric];
                    if (value === undefined) return <td key={metric}>{t('admin.vitals.noValue')}</td>;
                    const rating = ratingOf(metric, value);
                    return (
                      <td key={metric} data-rating={rating}>
                        {formatVital(metric, value)}{' '}
                        <span className={styles.vitalRating}>({t(`admin.vitals.${rating}`)})</span>
                      </td>
                    );
                  })}
                  <td>{formatCount(samples)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </section>
  );
}
