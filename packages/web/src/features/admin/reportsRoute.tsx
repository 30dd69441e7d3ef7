import { useState } from 'react';
import { useReports } from '../../api/areas/admin';
import { useI18n } from '../../i18n/i18n';
import { errorText } from '../../ui/errors/handleError';
import styles from './Admin.module.css';
import { AdminFrame } from './AdminFrame';
import { ReportCard } from './ReportCard';
import './texts';
import '../premium/texts';

/** The moderation queue: open reports (repeat targets first) or the resolved ones. */
function Queue() {
  const { t } = useI18n();
  const [status, setStatus] = useState<'open' | 'resolved'>('open');
  const query = useReports(status);
  const reports = query.data ?? [];
  return (
    <>
      <div className={styles.segmented}>
        {(['open', 'resolved'] as const).map((s) => (
          <button
            key={s}
            type="button"
            className={styles.segment}
            aria-pressed={status === s}
            onClick={() => setStatus(s)}
          >
            {t(`admin.${s}`)}
          </button>
        ))}
      </div>
      {query.isError ? (
        <p role="alert">{errorText(query.error)}</p>
      ) : !query.isPending && reports.length === 0 ? (
        <p role="status">{t('admin.queueEmpty')}</p>
      ) : (
        <ul className={styles.list}>
          {reports.map((r) => (
            <ReportCard key={r.id} report={r} />
          ))}
        </ul>
      )}
    </>
  );
}

export function Component() {
  const { t } = useI18n();
  return (
    <AdminFrame title={t('admin.nav.reports')}>
      <Queue />
    </AdminFrame>
  );
}
