import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { reportPhoto } from '../../api/areas/photos';
import { type MessageKey, useI18n } from '../../i18n/i18n';
import type { DialogComponentProps } from '../../ui/dialog/dialogStore';
import { ReportFrame } from '../../ui/dialog/ReportFrame';
import { PHOTO_REPORT_REASONS, type ReportPhotoProps } from './dialogs';
import styles from './Photos.module.css';
import './texts';

/**
 * The spec's report-photo dialog (album/reportPhoto.do): a reason from the list and an optional
 * comment for the moderators; thanks on success, the server's words on failure.
 */
export default function ReportPhotoDialog({
  photoId,
  authorId,
  dialog,
}: DialogComponentProps<ReportPhotoProps>) {
  const { t } = useI18n();
  const [reason, setReason] = useState('');
  const [comment, setComment] = useState('');
  const report = useMutation({
    mutationFn: () =>
      reportPhoto({ photoAuthorId: authorId, photoId, reason, comment: comment.trim() || undefined }),
    meta: { silent: true },
  });
  const id = useId();
  return (
    <ReportFrame
      title={t('photos.reportTitle')}
      thanks={t('report.thanks')}
      submitLabel={t('photos.report')}
      dialog={dialog}
      sending={report}
      canSubmit={!!reason}
      onSubmit={() => report.mutate()}
    >
      <p>{t('photos.reportBody')}</p>
      <fieldset className={styles.reasons} data-testid="report-photo-dialog">
        <legend>{t('photos.reportReason')}</legend>
        {PHOTO_REPORT_REASONS.map((r) => (
          <label key={r} className={styles.reason}>
            <input
              type="radio"
              name={`${id}-reason`}
              value={r}
              checked={reason === r}
              onChange={() => setReason(r)}
            />
            {t(`photos.reportReason.${r}` as MessageKey)}
          </label>
        ))}
      </fieldset>
      <label htmlFor={`${id}-comment`}>{t('photos.reportComment')}</label>
      <textarea
        id={`${id}-comment`}
        className={styles.reportComment}
        rows={3}
        maxLength={1000}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
      />
    </ReportFrame>
  );
}
