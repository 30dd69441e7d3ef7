import { Link } from 'react-router';
import { useAuditLog } from '../../api/areas/admin';
import { useI18n } from '../../i18n/i18n';
import { errorText } from '../../ui/errors/handleError';
import styles from './Admin.module.css';
import { AdminFrame, useDateFormat } from './AdminFrame';
import { ADMIN_PATHS } from './paths';
import './texts';

/** The audit log, newest first: nobody can change it, so it is only read here. */
function Audit() {
  const { t } = useI18n();
  const date = useDateFormat();
  const query = useAuditLog();
  const entries = query.data ?? [];
  if (query.isError) return <p role="alert">{errorText(query.error)}</p>;
  if (!query.isPending && entries.length === 0) return <p role="status">{t('admin.auditEmpty')}</p>;
  return (
    <ul className={styles.list}>
      {entries.map((e) => (
        <li key={e.id} className={styles.card} data-testid="audit-entry">
          <span className={styles.muted}>{date(e.creationTime)}</span> <b>{e.actor.name}</b> · {e.action}
          {e.targetId && (
            <>
              {' '}
              · <Link to={ADMIN_PATHS.member(e.targetId)}>{e.targetName ?? `#${e.targetId}`}</Link>
            </>
          )}
          {e.reason && <div>{e.reason}</div>}
        </li>
      ))}
    </ul>
  );
}

export function Component() {
  const { t } = useI18n();
  return (
    <AdminFrame title={t('admin.nav.audit')}>
      <Audit />
    </AdminFrame>
  );
}
