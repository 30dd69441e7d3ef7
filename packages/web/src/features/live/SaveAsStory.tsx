import { Link } from 'react-router';
import { useSaveBroadcastAsStory } from '../../api/areas/live';
import { useI18n } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { errorText } from '../../ui/errors/handleError';
import { PATHS } from '../../ui/paths';
import styles from './SaveAsStory.module.css';
import './texts';

/**
 * Shown in the studio once a broadcast has ended: its recording is not kept (docs/live.md,
 * "Recording"), so for a few minutes the member may keep its last 30 seconds as a story
 * (live/saveBroadcastAsStory.do). The server picks the member's last ended broadcast.
 */
export function SaveAsStory({ userId }: { userId: number }) {
  const { t } = useI18n();
  const save = useSaveBroadcastAsStory();
  const story = save.data;
  return (
    <section className={styles.panel} aria-labelledby="live-save-title" data-testid="live-save">
      <h2 id="live-save-title" className={styles.title}>
        {t('live.save.title')}
      </h2>
      {story ? (
        <p role="status" data-testid="live-saved">
          {t('live.save.done')} <Link to={PATHS.story(userId, story.uid)}>{t('live.save.open')}</Link>
        </p>
      ) : (
        <>
          <p className={styles.lead}>{t('live.save.lead')}</p>
          <div>
            <Button onClick={() => save.mutate()} disabled={save.isPending}>
              {save.isPending ? t('live.save.saving') : t('live.save.button')}
            </Button>
          </div>
          {save.isError && (
            <p role="alert" className={styles.alert}>
              {errorText(save.error)}
            </p>
          )}
        </>
      )}
    </section>
  );
}
