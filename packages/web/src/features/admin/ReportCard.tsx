import type { ModerationReport } from '@tertulia/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { adminCalls, useAdminAction } from '../../api/areas/admin';
import { useSession } from '../../api/areas/user';
import { type MessageKey, useI18n } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { errorText } from '../../ui/errors/handleError';
import { fieldStyles } from '../../ui/Field';
import styles from './Admin.module.css';
import { useDateFormat } from './AdminFrame';
import { ADMIN_PATHS } from './paths';
import { ReportContextView } from './ReportContextView';
import './texts';

const KINDS = new Set(['user', 'chat', 'photo', 'story', 'ad', 'game']);

/** One report: who reported whom, the target in context, and the resolutions its kind offers. */
export function ReportCard({ report }: { report: ModerationReport }) {
  const { t } = useI18n();
  const date = useDateFormat();
  const { user } = useSession();
  const action = useAdminAction();
  const [reason, setReason] = useState('');
  const [days, setDays] = useState(7);
  const kindLabel = KINDS.has(report.kind) ? t(`admin.kind.${report.kind}` as MessageKey) : report.kind;
  // Only admins ban; moderators see every other resolution.
  const actions = report.actions.filter((a) => a !== 'ban' || user?.isAdmin);
  const resolve = (name: string) =>
    action.mutate({
      endpoint: adminCalls.resolveReport,
      params: {
        reportId: report.id,
        action: name as never,
        reason: reason.trim() || undefined,
        days: name === 'ban' ? days : undefined,
      },
    });

  return (
    <li className={styles.card} data-testid="report" data-kind={report.kind}>
      <p className={styles.cardHead}>
        <span className={styles.kind}>{kindLabel}</span>
        <span>
          {t('admin.reportLine', { reporter: report.reporter.name, reported: report.reported.name })}
        </span>
        <span className={styles.muted}>{date(report.creationTime)}</span>
        {report.targetReports > 1 && (
          <span className={styles.repeat}>{t('admin.sameTarget', { count: report.targetReports })}</span>
        )}
      </p>
      {report.comment && <blockquote className={styles.comment}>{report.comment}</blockquote>}
      <ReportContextView context={report.context} />
      <p>
        <Link to={ADMIN_PATHS.member(report.reported.uid)}>{t('admin.manage')}</Link>
      </p>
      {report.status === 'open' ? (
        <div className={styles.resolve}>
          <label className={fieldStyles.label}>
            {t('admin.reason')}
            <input
              className={fieldStyles.input}
              value={reason}
              maxLength={500}
              onChange={(e) => setReason(e.target.value)}
            />
          </label>
          {actions.includes('ban') && (
            <label className={fieldStyles.label}>
              {t('admin.days')}
              <input
                className={fieldStyles.input}
                type="number"
                min={0}
                max={3650}
                value={days}
                onChange={(e) => setDays(Number(e.target.value))}
              />
            </label>
          )}
          <div className={styles.actions}>
            {actions.map((name) => (
              <Button
                key={name}
                variant={name === 'dismiss' ? 'secondary' : 'primary'}
                disabled={action.isPending}
                onClick={() => resolve(name)}
              >
                {t(`admin.action.${name}` as MessageKey)}
              </Button>
            ))}
          </div>
          {action.isError && <p role="alert">{errorText(action.error)}</p>}
        </div>
      ) : (
        <p className={styles.muted}>
          {t('admin.resolvedAs', {
            action: t(`admin.action.${report.resolution ?? 'dismiss'}` as MessageKey),
          })}
        </p>
      )}
    </li>
  );
}
