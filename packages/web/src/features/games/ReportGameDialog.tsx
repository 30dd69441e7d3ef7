import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { reportGame } from '../../api/areas/games';
import { useI18n } from '../../i18n/i18n';
import type { DialogComponentProps } from '../../ui/dialog/dialogStore';
import { ReportFrame } from '../../ui/dialog/ReportFrame';
import styles from './Games.module.css';
import './texts';

/** game/reportGame.do {message}: into the moderators' queue; the game's name leads the words. */
export default function ReportGameDialog({
  gameName,
  gameId,
  dialog,
}: DialogComponentProps<{ gameName: string; gameId: number }>) {
  const { t } = useI18n();
  const [words, setWords] = useState('');
  const id = useId();
  const report = useMutation({
    mutationFn: () => reportGame({ message: words.trim(), gameId }),
    meta: { silent: true },
  });
  return (
    <ReportFrame
      title={t('games.reportTitle', { name: gameName })}
      thanks={t('games.reported')}
      submitLabel={t('games.reportSend')}
      dialog={dialog}
      sending={report}
      canSubmit={!!words.trim()}
      onSubmit={() => report.mutate()}
    >
      <label htmlFor={id}>{t('games.reportLabel')}</label>
      <textarea
        id={id}
        className={styles.textarea}
        rows={4}
        maxLength={1000}
        value={words}
        onChange={(e) => setWords(e.target.value)}
        data-testid="game-report-text"
      />
    </ReportFrame>
  );
}
