import * as Dialog from '@radix-ui/react-dialog';
import { useQueryClient } from '@tanstack/react-query';
import type { KeyboardEvent } from 'react';
import { invalidateStories } from '../../api/areas/story';
import { useSession } from '../../api/areas/user';
import type { DialogComponentProps } from '../../ui/dialog/dialogStore';
import type { StoryViewerProps } from './dialogs';
import { StoryActions } from './StoryActions';
import { StoryTopBar } from './StoryTopBar';
import styles from './StoryViewer.module.css';
import { useStoryNavigation } from './useStoryNavigation';
import { useStoryPlayback } from './useStoryPlayback';
import { useStoryPress } from './useStoryPress';

/**
 * The story viewer: one author's stories in order, then the next author's. Tap the right of the
 * screen (or →) for the next story, the left (or ←) for the previous; hold to pause; swipe down
 * to close on a phone. Videos start muted (browsers allow only that) with a button to unmute.
 */
export default function StoryViewer({
  authorIds,
  startAuthor,
  startStory,
  dialog,
}: DialogComponentProps<StoryViewerProps>) {
  const queryClient = useQueryClient();
  const me = useSession().user?.uid;
  const close = () => {
    invalidateStories(queryClient);
    dialog.close();
  };
  const { playable, at, story, next, previous } = useStoryNavigation(
    authorIds,
    startAuthor,
    close,
    startStory,
  );
  const play = useStoryPlayback(story, me, next);
  const press = useStoryPress({ next, previous, close, setPaused: play.setPaused });

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') next();
    else if (event.key === 'ArrowLeft') previous();
    else if (event.key === ' ') play.setPaused((p) => !p);
    else return;
    event.preventDefault();
  };

  return (
    <Dialog.Root open onOpenChange={(open) => !open && close()}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={styles.stage}
          onKeyDown={onKeyDown}
          aria-describedby={undefined}
          data-testid="story-viewer"
        >
          {story && (
            <video
              key={story.uid}
              ref={play.video}
              className={styles.video}
              src={story.video}
              poster={story.poster}
              autoPlay
              muted={play.muted}
              playsInline
              preload="auto"
              onTimeUpdate={(e) => play.onTimeUpdate(e.currentTarget)}
              onEnded={next}
              data-testid="story-video"
            />
          )}
          <StoryTopBar
            playable={playable}
            at={at}
            progress={play.progress}
            story={story}
            paused={play.paused}
            muted={play.muted}
            onPause={() => play.setPaused((p) => !p)}
            onMute={() => play.setMuted((m) => !m)}
            onClose={close}
          />
          <div className={styles.tap} {...press} data-testid="story-tap" />
          <StoryActions
            story={story}
            own={story !== undefined && story.authorUser?.uid === me}
            previous={previous}
            next={next}
            setPaused={play.setPaused}
            close={close}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
