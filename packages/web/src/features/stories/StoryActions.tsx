import { LikeItemType, type Story } from '@tertulia/contract';
import { type StoryRef, useDeleteStory, useLikeStory } from '../../api/areas/story';
import { useI18n } from '../../i18n/i18n';
import { confirm } from '../../ui/dialog/confirm';
import { openDialog } from '../../ui/dialog/dialogStore';
import { LikeButton } from '../../ui/like/LikeButton';
import { likesDialog } from '../../ui/like/likesDialog';
import { toast } from '../../ui/toast/toastStore';
import { storyReportDialog, storyViewersDialog } from './dialogs';
import { StoryShare } from './StoryShare';
import styles from './StoryViewer.module.css';
import './texts';

interface Props {
  story?: Story;
  own: boolean;
  previous(): void;
  next(): void;
  /** Pauses while a dialog over the viewer is open; `false` resumes. */
  setPaused(paused: boolean): void;
  close(): void;
}

/**
 * The bottom of the viewer. One's own story: its views (the viewers list), its likes, delete.
 * Someone else's: the like button (spec states: count shown from one, reverted on error) and report.
 */
export function StoryActions({ story, own, previous, next, setPaused, close }: Props) {
  const { t } = useI18n();
  const remove = useDeleteStory();
  const like = useLikeStory();
  const author = story?.authorUser?.uid;
  const ref: StoryRef | undefined =
    story && author !== undefined ? { storyId: story.uid, authorUserId: author } : undefined;

  const askDelete = () => {
    if (!ref) return;
    setPaused(true);
    confirm({
      title: t('stories.delete'),
      body: t('stories.deleteConfirm'),
      confirmText: t('stories.delete'),
      cancelText: t('stories.cancel'),
      onConfirm: () =>
        remove.mutate(ref, {
          onSuccess: () => {
            toast.success(t('stories.deleted'));
            close();
          },
        }),
      onCancel: () => setPaused(false),
    });
  };
  const over = (open: () => void) => () => {
    setPaused(true);
    open();
  };

  return (
    <div className={styles.bottom}>
      <button type="button" className={styles.pill} onClick={previous} aria-label={t('stories.previous')}>
        ‹
      </button>
      <span className={styles.spacer} />
      {own && ref && (
        <>
          <button
            type="button"
            className={styles.pill}
            onClick={over(() => openDialog(storyViewersDialog, { story: ref }))}
            data-testid="story-views"
          >
            {t('stories.views', { count: story?.viewCount ?? 0 })}
          </button>
          {(story?.likeCount ?? 0) > 0 ? (
            // Who liked it: the feed's likes list, over the viewer.
            <button
              type="button"
              className={styles.pill}
              onClick={over(() =>
                openDialog(likesDialog, {
                  item: { type: LikeItemType.STORY, itemId: ref.storyId, authorUserId: ref.authorUserId },
                }),
              )}
              data-testid="story-likes"
            >
              {t('stories.likes', { count: story?.likeCount ?? 0 })}
            </button>
          ) : (
            <span className={styles.likes} data-testid="story-likes">
              {t('stories.likes', { count: 0 })}
            </span>
          )}
          <button type="button" className={styles.pill} onClick={askDelete}>
            {t('stories.delete')}
          </button>
        </>
      )}
      {!own && ref && story && (
        <>
          <span className={styles.like} data-testid="story-like">
            <LikeButton
              key={story.uid}
              liked={!!story.liked}
              count={story.likeCount ?? 0}
              onToggle={(liked) => like(ref, liked)}
            />
          </span>
          <button
            type="button"
            className={styles.pill}
            onClick={over(() => openDialog(storyReportDialog, { story: ref }))}
          >
            {t('stories.report')}
          </button>
        </>
      )}
      {ref && story && (
        <StoryShare
          authorId={ref.authorUserId}
          storyId={ref.storyId}
          name={story.authorUser?.name ?? ''}
          onOpen={() => setPaused(true)}
        />
      )}
      <span className={styles.spacer} />
      <button type="button" className={styles.pill} onClick={next} aria-label={t('stories.next')}>
        ›
      </button>
    </div>
  );
}
