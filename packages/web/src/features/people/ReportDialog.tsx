import { useId, useState } from 'react';
import { useReportUser } from '../../api/areas/people';
import { useI18n } from '../../i18n/i18n';
import type { DialogComponentProps } from '../../ui/dialog/dialogStore';
import { ReportFrame } from '../../ui/dialog/ReportFrame';
import type { ReportProps } from './dialogs';
import styles from './People.module.css';

/** user/reportUser.do {reportedUserID, comment, url}: thanks on success, the server's words on failure. */
export default function ReportDialog({ user, dialog }: DialogComponentProps<ReportProps>) {
  const { t } = useI18n();
  const [comment, setComment] = useState('');
  const report = useReportUser();
  const id = useId();
  const name = user.name ?? '';

  return (
    <ReportFrame
      title={t('report.title', { name })}
      thanks={t('report.thanks')}
      submitLabel={report.isPending ? t('report.sending') : t('report.send')}
      dialog={dialog}
      sending={report}
      onSubmit={() =>
        report.mutate({
          reportedUserID: user.uid,
          comment: comment.trim() || undefined,
          url: window.location.href.slice(0, 500),
        })
      }
    >
      <label htmlFor={id} className={styles.label}>
        {t('report.comment')}
      </label>
      <textarea
        id={id}
        className={styles.textarea}
        rows={4}
        maxLength={1000}
        value={comment}
        onChange={(event) => setComment(event.target.value)}
        // biome-ignore lint/a11y/noAutofocus: a window opened to write a text starts in its text box
        autoFocus
      />
    </ReportFrame>
  );
}
