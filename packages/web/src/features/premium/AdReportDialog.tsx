import { useMutation } from '@tanstack/react-query';
import { AdReportReason } from '@tertulia/contract';
import { useId, useState } from 'react';
import { reportAd } from '../../api/areas/gold';
import { type MessageKey, useI18n } from '../../i18n/i18n';
import type { DialogComponentProps } from '../../ui/dialog/dialogStore';
import { ReportFrame } from '../../ui/dialog/ReportFrame';
import type { AdReportProps } from './dialogs';
import styles from './Premium.module.css';
import './texts';

/** user/reportAd.do {url, code, position, reason, comment, source}: into the moderation queue. */
export default function AdReportDialog({
  code,
  position,
  url,
  source,
  dialog,
}: DialogComponentProps<AdReportProps>) {
  const { t } = useI18n();
  const [reason, setReason] = useState<(typeof AdReportReason)[number]>('misleading');
  const [comment, setComment] = useState('');
  const commentId = useId();
  const report = useMutation({
    mutationFn: () =>
      reportAd({
        url: (url ?? window.location.href).slice(0, 500),
        code,
        position,
        reason,
        comment: comment.trim() || undefined,
        source,
      }),
    meta: { silent: true },
  });
  return (
    <ReportFrame
      title={t('ad.reportTitle')}
      thanks={t('ad.reported')}
      submitLabel={t('ad.send')}
      dialog={dialog}
      sending={report}
      onSubmit={() => report.mutate()}
    >
      <fieldset className={styles.reasons}>
        <legend>{t('ad.reason')}</legend>
        {AdReportReason.map((r) => (
          <label key={r}>
            <input type="radio" name="reason" checked={reason === r} onChange={() => setReason(r)} />
            {t(`ad.reason.${r}` as MessageKey)}
          </label>
        ))}
      </fieldset>
      <label htmlFor={commentId}>{t('ad.comment')}</label>
      <textarea
        id={commentId}
        className={styles.textarea}
        rows={3}
        maxLength={1000}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
      />
    </ReportFrame>
  );
}
