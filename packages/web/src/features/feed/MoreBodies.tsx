import type { FeedEvent, User } from '@tertulia/contract';
import { Link } from 'react-router';
import { useI18n } from '../../i18n/i18n';
import { PATHS } from '../../ui/paths';
import styles from './Feed.module.css';

// Bodies of the badge (5), profile song (12), profile video (13) and VIP (24) cards (docs/feed-events.md).

/** A badge: the verified mark, or the place won in a contest with a way to its page. */
export function BadgeBody({ event }: { event: FeedEvent }) {
  const { t } = useI18n();
  const badge = event.properties?.badge;
  if (!badge) return null;
  if (badge.kind === 'contest' && badge.contestId) {
    return (
      <div className={styles.gameCard} data-testid="feed-badge">
        <span className={styles.badgeIcon} aria-hidden="true">
          🏆
        </span>
        <Link to={PATHS.contest(badge.contestId)}>
          {t('feed.badgeContest', { place: String(badge.place ?? 1), name: badge.name ?? '' })}
        </Link>
      </div>
    );
  }
  return (
    <div className={styles.gameCard} data-testid="feed-badge">
      <span className={styles.badgeIcon} aria-hidden="true">
        ✔
      </span>
      <strong>{t('feed.badgeVerified')}</strong>
    </div>
  );
}

/** A profile song: played in place (the transcoded AAC file), its title when it has one. */
export function SongBody({ event, actor }: { event: FeedEvent; actor: User }) {
  const { t } = useI18n();
  const media = event.properties?.media;
  if (!media) return null;
  return (
    <div className={styles.gameCard} data-testid="feed-song">
      <span className={styles.badgeIcon} aria-hidden="true">
        🎵
      </span>
      <div className={styles.songPlayer}>
        {media.title && <strong>{media.title}</strong>}
        {/* biome-ignore lint/a11y/useMediaCaption: a song has no words to caption */}
        <audio
          controls
          preload="none"
          src={media.url}
          aria-label={t('feed.songPlay', { name: actor.name ?? '' })}
        />
      </div>
    </div>
  );
}

/** A profile video: its poster until played (the video pipeline's MP4). */
export function VideoBody({ event, actor }: { event: FeedEvent; actor: User }) {
  const { t } = useI18n();
  const media = event.properties?.media;
  if (!media) return null;
  return (
    // biome-ignore lint/a11y/useMediaCaption: members' clips come without captions
    <video
      className={styles.media}
      controls
      preload="none"
      playsInline
      poster={media.poster}
      src={media.url}
      aria-label={t('feed.videoPlay', { name: actor.name ?? '' })}
      data-testid="feed-video"
    />
  );
}

/** Became VIP: the star, on the member's colours. */
export function VipBody() {
  return (
    <div className={styles.giftCard} data-testid="feed-vip">
      <span className={styles.vipStar} aria-hidden="true">
        ★
      </span>
    </div>
  );
}
