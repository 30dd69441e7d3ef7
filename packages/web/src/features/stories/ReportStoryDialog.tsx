import { type FormEvent, useId, useState } from 'react';
import { type StoryRef, useReportStory } from '../../api/areas/story';
import { useI18n } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import dialogStyles from '../../ui/dialog/Dialog.module.css';
import { DialogFrame } from '../../ui/dialog/DialogFrame';
import type { DialogComponentProps } from '../../ui/dialog/dialogStore';
import { errorText } from '../../ui/errors/handleError';
import styles from './Stories.module.css';
import './texts';

/** story/reportStory.do: a reason for the moderators; thanks on success, the server's words on failure. */
export default function ReportStoryDialog({ story, dialog }: DialogComponentProps<{ story: StoryRef }>) {
  const { t } = useI18n();
  const [reason, setReason] = useState('');
  const report = useReportStory();
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim()) report.mutate({ ...story, reason: reason.trim() });
  };
  return (
    <DialogFrame title={t('stories.reportTitle')} dialog={dialog}>
      {report.isSuccess ? (
        <>
          <p role="status">{t('stories.reportThanks')}</p>
          <div className={dialogStyles.buttons}>
            <Button onClick={dialog.close}>{t('stories.close')}</Button>
          </div>
        </>
      ) : (
        <form onSubmit={submit} className={styles.stack} noValidate>
          {report.isError && <p role="alert">{errorText(report.error)}</p>}
          <label htmlFor={id}>{t('stories.reportReason')}</label>
          <textarea
            id={id}
            className={styles.textarea}
            rows={4}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
          <div className={dialogStyles.buttons}>
            <Button variant="secondary" onClick={dialog.close}>
              {t('stories.cancel')}
            </Button>
            <Button type="submit" disabled={!reason.trim() || report.isPending}>
              {t('stories.reportSend')}
            </Button>
          </div>
        </form>
      )}
    </DialogFrame>
  );
}
