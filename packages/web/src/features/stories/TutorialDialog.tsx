import { StoryLimits } from '@tertulia/contract';
import { useState } from 'react';
import { useCompletedTutorial } from '../../api/areas/story';
import { type MessageKey, useI18n } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import dialogStyles from '../../ui/dialog/Dialog.module.css';
import { DialogFrame } from '../../ui/dialog/DialogFrame';
import type { DialogComponentProps } from '../../ui/dialog/dialogStore';
import styles from './Stories.module.css';
import './texts';

const STEPS = 3;
const STEP_NUMBERS = [1, 2, 3];

/**
 * The story tutorial: shown before a first upload and before a first story plays, until the member
 * completes it once (story/completedTutorial.do records it); closing it without finishing plays nothing.
 */
export default function TutorialDialog({ onDone, dialog }: DialogComponentProps<{ onDone?: () => void }>) {
  const { t } = useI18n();
  const [step, setStep] = useState(1);
  const done = useCompletedTutorial();
  const finish = () =>
    done.mutate(undefined, {
      onSuccess: () => {
        dialog.close();
        onDone?.();
      },
    });
  return (
    <DialogFrame title={t('stories.tutorialTitle')} dialog={dialog}>
      <p className={styles.steps} title={t('stories.tutorialStep', { step, total: STEPS })}>
        {STEP_NUMBERS.map((n) => (
          <span key={n} className={styles.dot} data-on={n <= step || undefined} />
        ))}
      </p>
      <p className={styles.tutorialText} data-testid="story-tutorial">
        {t(`stories.tutorial.${step}` as MessageKey, { seconds: StoryLimits.MAX_SECONDS })}
      </p>
      <div className={dialogStyles.buttons}>
        {step < STEPS ? (
          <Button onClick={() => setStep(step + 1)}>{t('stories.tutorialNext')}</Button>
        ) : (
          <Button onClick={finish} disabled={done.isPending} data-testid="story-tutorial-done">
            {t('stories.tutorialDone')}
          </Button>
        )}
      </div>
    </DialogFrame>
  );
}
