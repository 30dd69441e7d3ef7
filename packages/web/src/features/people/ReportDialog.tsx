import { type FormEvent, useId, useState } from 'react';
import { useReportUser } from '../../api/areas/people';
import { useI18n } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import dialogStyles from '../../ui/dialog/Dialog.module.css';
import { DialogFrame } from '../../ui/dialog/DialogFrame';
import type { DialogComponentProps } from '../../ui/dialog/dialogStore';
import { errorText } from '../../ui/errors/handleError';
import type { ReportProps } from './dialogs';
import styles from './People.module.css';

/** user/reportUser.do {reportedUserID, comment, url}: thanks on success, the server's words on failure. */
export default function ReportDialog({ user, dialog }: DialogComponentProps<ReportProps>) {
  const { t } = useI18n();
  const [comment, setComment] = useState('');
  const report = useReportUser();
  const id = useId();
  const name = user.name ?? '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    report.mutate({
      reportedUserID: user.uid,
      comment: comment.trim() || undefined,
      url: window.location.href.slice(0, 500),
    });
  };

  return (
    <DialogFrame title={t('report.title', { name })} dialog={dialog}>
      {report.isSuccess ? (
        <>
          <p role="status">{t('report.thanks')}</p>
          <div className={dialogStyles.buttons}>
            <Button autoFocus onClick={dialog.close}>
              {t('dialog.close')}
            </Button>
          </div>
        </>
      ) : (
        <form onSubmit={submit} className={styles.stack} noValidate>
          {report.isError && (
            <p role="alert" className={styles.errorBox}>
              {errorText(report.error)}
            </p>
          )}
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
          <div className={dialogStyles.buttons}>
            <Button variant="secondary" onClick={dialog.close}>
              {t('dialog.cancel')}
            </Button>
            <Button type="submit" disabled={report.isPending}>
              {report.isPending ? t('report.sending') : t('report.send')}
            </Button>
          </div>
        </form>
      )}
    </DialogFrame>
  );
}
