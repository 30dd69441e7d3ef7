import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FeedEvent, PhotoPrivacy, type User } from '@tertulia/contract';
import { Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { patchFeedEvent, sendLike, useDeleteEvent } from '../../api/areas/feed';
import { useI18n } from '../../i18n/i18n';
import { CHAT_PATHS } from '../../ui/chatPaths';
import { confirm } from '../../ui/dialog/confirm';
import { openDialog } from '../../ui/dialog/dialogStore';
import { lazyPart } from '../../ui/lazyPart';
import { LikeButton } from '../../ui/like/LikeButton';
import { likesDialog } from '../../ui/like/likesDialog';
import { Avatar } from '../../ui/member/Avatar';
import { UserLink } from '../../ui/member/UserLink';
import { PATHS } from '../../ui/paths';
import { TimeAgo } from '../../ui/time/clock';
import { toast } from '../../ui/toast/toastStore';
import { EventBody } from './EventBody';
import styles from './Feed.module.css';
import { myReaction, openReactionsSheet } from './reactions';
import { headlineKey, likeParams, mayDeleteEvent, postOf, sharePath } from './rules';
import { fillTemplate } from './template';

interface Props {
  event: FeedEvent;
  me: User;
  /** Called once when an unseen item scrolls into view. */
  onSeen?: (id: number) => void;
}

/** Reports the item once it is on screen (at once where IntersectionObserver is missing). */
function useSeen(
  ref: React.RefObject<HTMLElement | null>,
  id: number | undefined,
  onSeen?: (id: number) => void,
) {
  useEffect(() => {
    if (!onSeen || !id) return;
    if (typeof IntersectionObserver === 'undefined' || !ref.current) {
      onSeen(id);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          onSeen(id);
          observer.disconnect();
        }
      },
      { threshold: 0.25 },
    );
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, [ref, id, onSeen]);
}

const Icon = ({ d }: { d: string }) => (
  <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
    <path fill="currentColor" d={d} />
  </svg>
);
const ICONS = {
  comment: 'M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2Zm0 2v11.2L7.2 14H20V6H4Z',
  react:
    'M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20Zm0 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm-3.5 5a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3Zm7 0a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3ZM7.8 14h8.4a4.5 4.5 0 0 1-8.4 0Z',
  share:
    'M18 16a3 3 0 1 1-2.9 2.2l-6.3-3.6a3 3 0 1 1 0-5.2l6.3-3.6A3 3 0 1 1 16 7.4L9.8 11a3 3 0 0 1 0 2l6.3 3.6A3 3 0 0 1 18 16Z',
  trash: 'M9 3h6l1 2h4v2H4V5h4l1-2Zm-3 6h12l-1 12H7L6 9Zm4 2v8h1.5v-8H10Zm3.5 0v8H15v-8h-1.5Z',
  friends:
    'M9 11a4 4 0 1 1 0-8 4 4 0 0 1 0 8Zm7.5 0a3.5 3.5 0 1 1 0-7 3.5 3.5 0 0 1 0 7ZM2 20v-1a6 6 0 0 1 6-6h2a6 6 0 0 1 6 6v1H2Zm16 0v-1c0-1.9-.7-3.6-1.8-5H18a5 5 0 0 1 5 5v1h-5Z',
};

/** "A ana y 2 más les gusta esto" ("Te gusta esto" when it is the reader's): opens the likes list. */
function LikedBy({ event, me, onOpen }: { event: FeedEvent; me: number; onOpen: () => void }) {
  const { t } = useI18n();
  const count = event.likeCount ?? 0;
  if (count <= 0) return <span />;
  const other = event.likes?.find((u) => u.uid !== me)?.name;
  const text = event.liked
    ? count > 1
      ? t('feed.likedByYouMore', { count: count - 1 })
      : t('feed.likedByYou')
    : other
      ? count > 1
        ? t('feed.likedByMore', { name: other, count: count - 1 })
        : t('feed.likedBy', { name: other })
      : t('like.count', { count });
  return (
    <button type="button" className={styles.statButton} onClick={onOpen} data-testid="liked-by">
      <span className={styles.heartDot} aria-hidden="true">
        ♥
      </span>
      <span className={styles.statText}>{text}</span>
    </button>
  );
}

// The comments' list and compose line load with the first item that has comments or is being
// commented on: most of a first screen has none (first-load.e2e.test.ts, 150 KiB budget).
const Comments = lazyPart('src/features/feed/Comments.tsx', () =>
  import('./Comments').then((m) => ({ default: m.Comments })),
);

/** One feed event: who did what and when, its content, likes, comments, share and delete. */
export function FeedItem({ event, me, onSeen }: Props) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const root = useRef<HTMLElement>(null);
  const commentInput = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const actor: User = event.user ?? event.properties?.source?.user ?? { uid: event.userId ?? 0 };
  const target = event.properties?.target?.user;
  const room = event.properties?.room;
  const game = event.properties?.game;
  const like = likeParams(event);
  const reaction = myReaction(event);
  const post = postOf(event);
  const remove = useDeleteEvent();
  const [composing, setComposing] = useState(false);
  useSeen(root, event.seen === false ? event.id : undefined, onSeen);

  const likeMutation = useMutation({
    mutationFn: (vars: { liked: boolean; content?: string }) =>
      like
        ? sendLike({ ...like, content: vars.content }, vars.liked)
        : Promise.reject(new Error('not likeable')),
    onSuccess: (likeCount, vars) =>
      patchFeedEvent(queryClient, event.id, (e) => {
        const others = (e.likes ?? []).filter((u) => u.uid !== me.uid);
        return {
          liked: vars.liked,
          likeCount,
          likes: vars.liked ? [me, ...others] : others,
          reaction: vars.liked ? (vars.content ?? e.reaction) : undefined,
        };
      }),
  });

  const askDelete = () =>
    confirm({
      title: t('feed.deleteTitle'),
      body: t('feed.deleteBody'),
      confirmText: t('feed.deleteConfirm'),
      cancelText: t('dialog.cancel'),
      onConfirm: () => remove.mutate(event, { onSuccess: () => toast.success(t('feed.deleted')) }),
    });

  // The share sheet's code loads on the first share: the member home's first visit stays in budget
  // (e2e/first-load.e2e.test.ts).
  const share = () =>
    void import('../../ui/sheet/share').then(({ openShareSheet }) =>
      openShareSheet({
        url: new URL(sharePath(event), window.location.origin).href,
        title: t('feed.shareTitle', { name: actor.name ?? '' }),
      }),
    );

  const name = <UserLink user={actor} />;
  const headline = fillTemplate(t(headlineKey(event.type, event.properties?.badge) as 'feed.event.other'), {
    actor: name,
    target: target ? <UserLink user={target} /> : null,
    room: room ? <Link to={CHAT_PATHS.room(room.id)}>{room.name ?? t('feed.room')}</Link> : null,
    game: game ? <Link to={PATHS.game(game.id)}>{game.name}</Link> : null,
  });
  const time = event.creationTime;
  const comments = event.commentCount ?? 0;

  return (
    <article
      ref={root}
      className={styles.item}
      aria-labelledby={headingId}
      data-testid="feed-item"
      data-type={event.type}
      data-seen={event.seen === false ? 'false' : undefined}
    >
      <header className={styles.itemHead}>
        <UserLink user={actor} className={styles.avatarLink} aria-label={actor.name}>
          <Avatar user={actor} size={44} />
        </UserLink>
        <div className={styles.byline}>
          <p className={styles.headline} id={headingId}>
            {headline}
          </p>
          <p className={styles.meta}>
            {time ? (
              <time dateTime={new Date(time).toISOString()}>
                <TimeAgo at={time} />
              </time>
            ) : null}
            {event.privacy === PhotoPrivacy.FRIENDS && (
              <span className={styles.metaTag} title={t('feed.friendsOnly')}>
                <Icon d={ICONS.friends} />
                <span className="visually-hidden">{t('feed.friendsOnly')}</span>
              </span>
            )}
            {event.isNSFW && <span className={styles.badge}>{t('feed.nsfwBadge')}</span>}
            {event.seen === false && <span className={styles.newBadge}>{t('feed.new')}</span>}
          </p>
        </div>
        {mayDeleteEvent(event, me.uid) && (
          <button
            type="button"
            className={styles.menuButton}
            aria-label={t('feed.delete')}
            title={t('feed.delete')}
            onClick={askDelete}
            disabled={remove.isPending}
          >
            <Icon d={ICONS.trash} />
          </button>
        )}
      </header>
      <EventBody event={event} actor={actor} />
      {((event.likeCount ?? 0) > 0 || comments > 0) && (
        <div className={styles.stats}>
          <LikedBy event={event} me={me.uid} onOpen={() => like && openDialog(likesDialog, { item: like })} />
          {comments > 0 && <span>{t('feed.comments', { count: comments })}</span>}
        </div>
      )}
      <div className={styles.actions}>
        {like && (
          <LikeButton
            liked={!!event.liked}
            count={event.likeCount ?? 0}
            reaction={reaction}
            onToggle={(liked) => likeMutation.mutateAsync({ liked })}
          />
        )}
        {like && (
          <button
            type="button"
            className={styles.action}
            aria-pressed={reaction ? true : undefined}
            data-active={reaction ? true : undefined}
            onClick={() => openReactionsSheet((content) => likeMutation.mutate({ liked: true, content }))}
          >
            {reaction ? (
              <span className={styles.reaction} data-testid="my-reaction">
                {reaction}
              </span>
            ) : (
              <Icon d={ICONS.react} />
            )}
            <span className={styles.actionLabel}>{t(reaction ? 'feed.reacted' : 'feed.react')}</span>
          </button>
        )}
        {post && (
          <button
            type="button"
            className={styles.action}
            onClick={() => (composing ? commentInput.current?.focus() : setComposing(true))}
          >
            <Icon d={ICONS.comment} />
            <span className={styles.actionLabel}>{t('feed.comment')}</span>
          </button>
        )}
        <button type="button" className={styles.action} onClick={share}>
          <Icon d={ICONS.share} />
          <span className={styles.actionLabel}>{t('feed.share')}</span>
        </button>
      </div>
      {post && (composing || (event.commentCount ?? 0) > 0 || (event.comments?.length ?? 0) > 0) && (
        <Suspense fallback={null}>
          <Comments event={event} post={post} me={me} inputRef={commentInput} composing={composing} />
        </Suspense>
      )}
    </article>
  );
}
