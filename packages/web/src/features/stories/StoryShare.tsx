import { useI18n } from '../../i18n/i18n';
import { PATHS } from '../../ui/paths';
import { siteLink } from '../../ui/sheet/ShareButton';
import styles from './Stories.module.css';

/** The share sheet for the story on screen; the story pauses while the sheet is open. */
export function StoryShare({
  authorId,
  storyId,
  name,
  onOpen,
}: {
  authorId: number;
  storyId: number;
  name: string;
  onOpen: () => void;
}) {
  const { t } = useI18n();
  const share = () => {
    onOpen();
    void import('../../ui/sheet/share').then(({ openShareSheet }) =>
      openShareSheet({
        url: siteLink(PATHS.story(authorId, storyId)),
        title: t('stories.shareTitle', { name }),
      }),
    );
  };
  return (
    <button type="button" className={styles.pill} onClick={share} data-testid="story-share">
      {t('share.button')}
    </button>
  );
}
