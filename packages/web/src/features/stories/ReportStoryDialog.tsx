import { useId, useState } from 'react';
import { type StoryRef, useReportStory } from '../../api/areas/story';
import { useI18n } from '../../i18n/i18n';
import type { DialogComponentProps } from '../../ui/dialog/dialogStore';
import { ReportFrame } from '../../ui/dialog/ReportFrame';
import styles from './Stories.module.css';
import './texts';

/** story/reportStory.do: a reason for the moderators; thanks on success, the server's words on failure. */
export default function ReportStoryDialog({ story, dialog }: DialogComponentProps<{ story: StoryRef }>) {
  const { t } = useI18n();
  const [reason, setReason] = useState('');
  const report = useReportStory();
  const id = useId();
  return (
    <ReportFrame
      title={t('stories.reportTitle')}
      thanks={t('stories.reportThanks')}
      submitLabel={t('stories.reportSend')}
      dialog={dialog}
      sending={report}
      canSubmit={!!reason.trim()}
      onSubmit={() => report.mutate({ ...story, reason: reason.trim() })}
    >
      <label htmlFor={id}>{t('stories.reportReason')}</label>
      <textarea
        id={id}
        className={styles.textarea}
        rows={4}
        maxLength={500}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
    </ReportFrame>
  );
}
