import * as Dialog from '@radix-ui/react-dialog';
import { useQueryClient } from '@tanstack/react-query';
import type { Story } from '@tertulia/contract';
import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import { invalidateStories, registerStoryView, useDeleteStory, useUserStories } from '../../api/areas/story';
import { useSession } from '../../api/areas/user';
import { useI18n } from '../../i18n/i18n';
import { confirm } from '../../ui/dialog/confirm';
import { type DialogComponentProps, openDialog } from '../../ui/dialog/dialogStore';
import { formatTime } from '../../ui/time/formatTime';
import { toast } from '../../ui/toast/toastStore';
import { Avatar } from '../people/Avatar';
import { type StoryViewerProps, storyReportDialog, storyViewersDialog } from './dialogs';
import { FALLBACK_STORY_MS, HOLD_MS, SWIPE_CLOSE_PX, tapDirection } from './rules';
import styles from './Stories.module.css';
import { StoryShare } from './StoryShare';

const PLAY = 'M8 5v14l11-7z';
const PAUSE = 'M6 5h4v14H6zm8 0h4v14h-4z';
const SOUND = 'M3 9v6h4l5 5V4L7 9H3zm13.5 3A4.5 4.5 0 0 0 14 8v8a4.5 4.5 0 0 0 2.5-4z';
const MUTED =
  'M3 9v6h4l5 5V4L7 9H3zm13.6 3 2.9-2.9-1.4-1.4-2.9 2.9-2.9-2.9-1.4 1.4 2.9 2.9-2.9 2.9 1.4 1.4 2.9-2.9 2.9 2.9 1.4-1.4z';
const CLOSE = 'M19 6.4 17.6 5 12 10.6 6.4 5 5 6.4 10.6 12 5 17.6 6.4 19 12 13.4 17.6 19 19 17.6 13.4 12z';

const Icon = ({ path }: { path: string }) => (
  <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
    <path fill="currentColor" d={path} />
  </svg>
);

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
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const me = useSession().user?.uid;
  const [authorAt, setAuthorAt] = useState(Math.max(0, authorIds.indexOf(startAuthor)));
  const author = authorIds[authorAt] ?? startAuthor;
  const stories = useUserStories(author);
  const playable = (stories.data ?? []).filter((s) => s.state === 'ready' && s.video);
  const [at, setAt] = useState<number | null>(null);
  const [fromEnd, setFromEnd] = useState(false);
  const [progress, setProgress] = useState(0);
  const [paused, setPaused] = useState(false);
  const [muted, setMuted] = useState(true);
  const video = useRef<HTMLVideoElement>(null);
  const seen = useRef(new Set<number>());
  const press = useRef<
    { x: number; y: number; at: number; held: boolean; timer?: ReturnType<typeof setTimeout> } | undefined
  >(undefined);

  // A new author: start at their first unwatched story (or the last one, stepping back).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the author's list arrives, not on every render's copy
  useEffect(() => {
    if (!stories.data) return;
    if (playable.length === 0) return void setAt(0);
    // A shared link names its story: open at it (once) while it is still up.
    const shared =
      author === startAuthor && startStory ? playable.findIndex((s) => s.uid === startStory) : -1;
    const first = shared >= 0 && at === null ? shared : playable.findIndex((s) => !s.viewed);
    setAt(fromEnd ? playable.length - 1 : Math.max(0, first));
    setFromEnd(false);
  }, [stories.data, author]);

  const story: Story | undefined = at === null ? undefined : playable[at];

  const close = () => {
    invalidateStories(queryClient);
    dialog.close();
  };
  const next = () => {
    if (at !== null && at + 1 < playable.length) return setAt(at + 1);
    if (authorAt + 1 < authorIds.length) {
      setAt(null);
      return setAuthorAt(authorAt + 1);
    }
    close();
  };
  const previous = () => {
    if (at !== null && at > 0) return setAt(at - 1);
    if (authorAt > 0) {
      setAt(null);
      setFromEnd(true);
      setAuthorAt(authorAt - 1);
    }
  };

  // Each story counts as watched once it starts playing (the server counts a member once).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per story shown
  useEffect(() => {
    setProgress(0);
    setPaused(false);
    if (!story || story.authorUser?.uid === me || seen.current.has(story.uid)) return;
    seen.current.add(story.uid);
    void registerStoryView({ storyId: story.uid, authorUserId: author }).catch(() => {});
  }, [story?.uid]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new story's element starts playing too
  useEffect(() => {
    const el = video.current;
    if (!el) return;
    if (paused) el.pause();
    else void el.play().catch(() => {});
  }, [paused, story?.uid]);

  // Stories empty for this author (all expired meanwhile): move on.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the list arrives
  useEffect(() => {
    if (stories.data && playable.length === 0) next();
  }, [stories.data]);

  // A video that never reports its length still moves on.
  // biome-ignore lint/correctness/useExhaustiveDependencies: restarts per story and pause
  useEffect(() => {
    if (!story || paused) return;
    const timer = setTimeout(() => {
      if (!video.current?.duration) next();
    }, FALLBACK_STORY_MS);
    return () => clearTimeout(timer);
  }, [story?.uid, paused]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') next();
    else if (event.key === 'ArrowLeft') previous();
    else if (event.key === ' ') setPaused((p) => !p);
    else return;
    event.preventDefault();
  };

  const onPointerDown = (event: PointerEvent) => {
    const timer = setTimeout(() => {
      if (press.current) press.current.held = true;
      setPaused(true);
    }, HOLD_MS);
    press.current = { x: event.clientX, y: event.clientY, at: Date.now(), held: false, timer };
  };
  const onPointerUp = (event: PointerEvent) => {
    const p = press.current;
    press.current = undefined;
    if (!p) return;
    clearTimeout(p.timer);
    if (event.clientY - p.y > SWIPE_CLOSE_PX) return close();
    if (p.held) return setPaused(false);
    const box = (event.currentTarget as HTMLElement).getBoundingClientRect();
    if (tapDirection(event.clientX - box.left, box.width) < 0) previous();
    else next();
  };

  const remove = useDeleteStory();
  const own = story?.authorUser?.uid === me;
  const askDelete = () => {
    if (!story) return;
    setPaused(true);
    confirm({
      title: t('stories.delete'),
      body: t('stories.deleteConfirm'),
      confirmText: t('stories.delete'),
      cancelText: t('stories.cancel'),
      onConfirm: () =>
        remove.mutate(
          { storyId: story.uid, authorUserId: author },
          {
            onSuccess: () => {
              toast.success(t('stories.deleted'));
              close();
            },
          },
        ),
      onCancel: () => setPaused(false),
    });
  };
  const ref = story ? { storyId: story.uid, authorUserId: author } : undefined;
  const name = story?.authorUser?.name ?? '';

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
              ref={video}
              className={styles.video}
              src={story.video}
              poster={story.poster}
              autoPlay
              muted={muted}
              playsInline
              preload="auto"
              onTimeUpdate={(e) => {
                const el = e.currentTarget;
                if (el.duration) setProgress(el.currentTime / el.duration);
              }}
              onEnded={next}
              data-testid="story-video"
            />
          )}
          <div className={styles.top}>
            <div className={styles.bars} aria-hidden="true">
              {playable.map((s, i) => (
                <span key={s.uid} className={styles.bar}>
                  <span
                    className={styles.fill}
                    style={{ inlineSize: `${at === null || i > at ? 0 : i < at ? 100 : progress * 100}%` }}
                  />
                </span>
              ))}
            </div>
            <div className={styles.who}>
              {story?.authorUser && (
                <Avatar user={story.authorUser} size={32} showPresence={false} lazy={false} />
              )}
              <Dialog.Title asChild>
                <strong>{name}</strong>
              </Dialog.Title>
              {story?.creationTime && <span className={styles.when}>{formatTime(story.creationTime)}</span>}
              <span className={styles.spacer} />
              <button
                type="button"
                className={styles.icon}
                onClick={() => setPaused((p) => !p)}
                aria-label={paused ? t('stories.play') : t('stories.pause')}
              >
                <Icon path={paused ? PLAY : PAUSE} />
              </button>
              <button
                type="button"
                className={styles.icon}
                onClick={() => setMuted((m) => !m)}
                aria-label={muted ? t('stories.unmute') : t('stories.mute')}
                data-testid="story-mute"
              >
                <Icon path={muted ? MUTED : SOUND} />
              </button>
              <button type="button" className={styles.icon} onClick={close} aria-label={t('stories.close')}>
                <Icon path={CLOSE} />
              </button>
            </div>
          </div>
          <div
            className={styles.tap}
            onPointerDown={onPointerDown}
            onPointerUp={onPointerUp}
            onPointerCancel={() => {
              clearTimeout(press.current?.timer);
              press.current = undefined;
              setPaused(false);
            }}
            data-testid="story-tap"
          />
          <div className={styles.bottom}>
            <button
              type="button"
              className={styles.pill}
              onClick={previous}
              aria-label={t('stories.previous')}
            >
              ‹
            </button>
            <span className={styles.spacer} />
            {own && ref && (
              <>
                <button
                  type="button"
                  className={styles.pill}
                  onClick={() => {
                    setPaused(true);
                    openDialog(storyViewersDialog, { story: ref });
                  }}
                  data-testid="story-views"
                >
                  {t('stories.views', { count: story?.viewCount ?? 0 })}
                </button>
                <button type="button" className={styles.pill} onClick={askDelete}>
                  {t('stories.delete')}
                </button>
              </>
            )}
            {!own && ref && (
              <button
                type="button"
                className={styles.pill}
                onClick={() => {
                  setPaused(true);
                  openDialog(storyReportDialog, { story: ref });
                }}
              >
                {t('stories.report')}
              </button>
            )}
            {ref && (
              <StoryShare
                authorId={author}
                storyId={ref.storyId}
                name={name}
                onOpen={() => setPaused(true)}
              />
            )}
            <span className={styles.spacer} />
            <button type="button" className={styles.pill} onClick={next} aria-label={t('stories.next')}>
              ›
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
