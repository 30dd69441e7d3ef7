import * as Dialog from '@radix-ui/react-dialog';
import type { Story } from '@tertulia/contract';
import { useI18n } from '../../i18n/i18n';
import { Avatar } from '../../ui/member/Avatar';
import { TimeAgo } from '../../ui/time/clock';
import styles from './StoryViewer.module.css';
import './texts';

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

interface Props {
  playable: Story[];
  at: number | null;
  /** How far the current story has played, 0 to 1. */
  progress: number;
  story?: Story;
  paused: boolean;
  muted: boolean;
  onPause(): void;
  onMute(): void;
  onClose(): void;
}

/** The top of the viewer: one progress bar per story, the author and when, pause, sound, close. */
export function StoryTopBar({
  playable,
  at,
  progress,
  story,
  paused,
  muted,
  onPause,
  onMute,
  onClose,
}: Props) {
  const { t } = useI18n();
  const fill = (i: number) => (at === null || i > at ? 0 : i < at ? 100 : progress * 100);
  return (
    <div className={styles.top}>
      <div className={styles.bars} aria-hidden="true">
        {playable.map((s, i) => (
          <span key={s.uid} className={styles.bar}>
            <span className={styles.fill} style={{ inlineSize: `${fill(i)}%` }} />
          </span>
        ))}
      </div>
      <div className={styles.who}>
        {story?.authorUser && <Avatar user={story.authorUser} size={32} showPresence={false} lazy={false} />}
        <Dialog.Title asChild>
          <strong>{story?.authorUser?.name ?? ''}</strong>
        </Dialog.Title>
        {story?.creationTime && (
          <span className={styles.when}>
            <TimeAgo at={story.creationTime} />
          </span>
        )}
        <span className={styles.spacer} />
        <button
          type="button"
          className={styles.icon}
          onClick={onPause}
          aria-label={paused ? t('stories.play') : t('stories.pause')}
        >
          <Icon path={paused ? PLAY : PAUSE} />
        </button>
        <button
          type="button"
          className={styles.icon}
          onClick={onMute}
          aria-label={muted ? t('stories.unmute') : t('stories.mute')}
          data-testid="story-mute"
        >
          <Icon path={muted ? MUTED : SOUND} />
        </button>
        <button type="button" className={styles.icon} onClick={onClose} aria-label={t('stories.close')}>
          <Icon path={CLOSE} />
        </button>
      </div>
    </div>
  );
}
