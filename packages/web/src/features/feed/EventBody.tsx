import { type FeedEvent, FeedEventType, GiftSource, type ImageOptions, type User } from '@tertulia/contract';
import { Link } from 'react-router';
import { useSession } from '../../api/areas/user';
import { useI18n } from '../../i18n/i18n';
import { openDialog } from '../../ui/dialog/dialogStore';
import { GiftImage } from '../../ui/gift/GiftImage';
import { LazyImage } from '../../ui/image/LazyImage';
import { RichText } from '../../ui/markup/RichText';
import { Avatar } from '../../ui/member/Avatar';
import { PROFILE_PHOTO, sizedImage } from '../../ui/member/images';
import { UserLink } from '../../ui/member/UserLink';
import { PATHS } from '../../ui/paths';
import { giftDialog } from '../gifts/dialogs';
import styles from './Feed.module.css';
import { BadgeBody, SongBody, VideoBody, VipBody } from './MoreBodies';

/** Feed photos: wide enough for a desktop column, light enough for a phone. */
export const FEED_IMAGE: ImageOptions = { width: 720, quality: 75 };
/** Texts this short read as a headline (large type), like a tweet. */
const SHORT_TEXT = 90;

function Picture({ image, author }: { image: string | undefined; author: string }) {
  const { t } = useI18n();
  const src = sizedImage(image, FEED_IMAGE);
  if (!src) return null;
  return <LazyImage src={src} alt={t('feed.imageAlt', { name: author })} className={styles.media} />;
}

function Text({ text, alone }: { text: string | undefined; alone: boolean }) {
  if (!text?.trim()) return null;
  return (
    <div className={styles.text} data-short={(alone && text.length <= SHORT_TEXT) || undefined}>
      <RichText text={text} />
    </div>
  );
}

/** The pair of a new friendship, face to face. */
function Pair({ a, b }: { a: User; b: User }) {
  return (
    <div className={styles.pair}>
      {[a, b].map((member, index) => (
        <span key={member.uid} className={styles.pairSide}>
          {index === 1 && (
            <span className={styles.pairHeart} aria-hidden="true">
              ♥
            </span>
          )}
          <UserLink user={member} className={styles.pairLink}>
            <Avatar user={member} size={72} image={PROFILE_PHOTO} showPresence={false} />
            <span>{member.name}</span>
          </UserLink>
        </span>
      ))}
    </div>
  );
}

/**
 * A gift received (type 27): the gift's art, and a button to send the receiver a gift too,
 * from the feed (given on their profile; the dialog asks for login when there is none).
 */
function GiftReceived({ event, receiver }: { event: FeedEvent; receiver: User }) {
  const { t } = useI18n();
  const { user: me } = useSession();
  const giftId = event.properties?.gift?.id;
  if (!giftId) return null;
  const name = receiver.name ?? '';
  const sender = event.properties?.source?.user;
  return (
    <div className={styles.giftCard}>
      <GiftImage giftId={giftId} alt="" size={96} />
      {sender && sender.uid !== receiver.uid && (
        <span>
          {t('gifts.account.from', { name: '' })}
          <UserLink user={sender} />
        </span>
      )}
      {me?.uid !== receiver.uid && (
        <button
          type="button"
          className={styles.giftButton}
          data-testid="feed-gift"
          onClick={() =>
            openDialog(giftDialog, { userId: receiver.uid, userName: name, source: GiftSource.FEED })
          }
        >
          🎁 {t('gifts.feedSend', { name })}
        </button>
      )}
    </div>
  );
}

/** A game event (100-103, 202, street wars' 1060 and 1062): the game's icon and name, what happened in it, and a way in. */
function GameEvent({ event }: { event: FeedEvent }) {
  const { t } = useI18n();
  const game = event.properties?.game;
  if (!game) return null;
  return (
    <>
      <Text text={event.properties?.gameText} alone={false} />
      <div className={styles.gameCard} data-testid="feed-game">
        {game.icon ? <img src={game.icon} alt="" width={48} height={48} /> : null}
        <strong>{game.name}</strong>
        <Link to={PATHS.game(game.id)} className={styles.giftButton}>
          ▶ {t('feed.playGame')}
        </Link>
      </div>
    </>
  );
}

const GAME_EVENTS: readonly number[] = [
  FeedEventType.GAME_100,
  FeedEventType.GAME_101,
  FeedEventType.GAME_102,
  FeedEventType.GAME_103,
  FeedEventType.REALTIME_GAME,
  // Guerra de Calles' battles (1060 joined, 1062 won): the game's card under the headline.
  FeedEventType.STREET_WARS_BATTLE_JOINED,
  FeedEventType.STREET_WARS_BATTLE_WON,
];

/** What an event shows under its headline, by type; unknown types show their headline only. */
export function EventBody({ event, actor }: { event: FeedEvent; actor: User }) {
  const { t } = useI18n();
  const author = actor.name ?? '';
  const target = event.properties?.target?.user;
  if (GAME_EVENTS.includes(event.type ?? 0)) return <GameEvent event={event} />;
  switch (event.type) {
    case FeedEventType.STATUS_UPDATE: {
      const status = event.status;
      return (
        <>
          <Text text={status?.status} alone={!status?.image1} />
          <Picture image={status?.image1} author={author} />
        </>
      );
    }
    case FeedEventType.PROFILE_PHOTO_SET: {
      const image = event.photo?.image1 ?? actor.image1;
      return (
        <div className={styles.photoSet}>
          <Avatar user={{ ...actor, image1: image }} size={168} image={PROFILE_PHOTO} showPresence={false} />
        </div>
      );
    }
    case FeedEventType.BUDDY_ACCEPTED:
    case FeedEventType.RELATIONSHIP_ACCEPTED:
      return target ? <Pair a={actor} b={target} /> : null;
    case FeedEventType.BADGE:
      return <BadgeBody event={event} />;
    case FeedEventType.SONG:
      return <SongBody event={event} actor={actor} />;
    case FeedEventType.VIDEO:
      return <VideoBody event={event} actor={actor} />;
    case FeedEventType.PREMIUM_ACQUIRED:
      return <VipBody />;
    case FeedEventType.GIFT_RECEIVED:
    case FeedEventType.LIVE_303:
      return <GiftReceived event={event} receiver={actor} />;
    case FeedEventType.LIVE_301:
    case FeedEventType.LIVE_304:
      // The member's broadcast page: on air now, or "not broadcasting" once it has ended.
      return (
        <Link to={PATHS.live(actor.uid)} className={styles.giftButton} data-testid="feed-live">
          ● {t('feed.watchLive')}
        </Link>
      );
    case FeedEventType.LIVE_302:
      return null;
    case FeedEventType.GUESTBOOK: {
      const entry = event.guestbookEntry;
      if (!entry?.message && !entry?.image1) return null;
      return (
        <>
          {entry.message && (
            <blockquote className={styles.guestbook}>
              <RichText text={entry.message} />
            </blockquote>
          )}
          <Picture image={entry.image1} author={author} />
        </>
      );
    }
    default:
      // Photo uploads and any other type that carries a status or a photo.
      return (
        <>
          <Text text={event.photo?.message ?? event.status?.status} alone={false} />
          <Picture image={event.photo?.image1 ?? event.status?.image1} author={author} />
        </>
      );
  }
}
