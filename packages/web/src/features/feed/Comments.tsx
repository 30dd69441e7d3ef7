import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Comment, type FeedEvent, FeedLimits, LikeItemType, type User } from '@tertulia/contract';
import { type FormEvent, type RefObject, useEffect, useState } from 'react';
import {
  commentsKey,
  composeComment,
  deleteComment,
  type PostRef,
  patchFeedEvent,
  sendLike,
  usePostComments,
} from '../../api/areas/feed';
import { useI18n } from '../../i18n/i18n';
import { confirm } from '../../ui/dialog/confirm';
import { handleError } from '../../ui/errors/handleError';
import { LikeButton } from '../../ui/like/LikeButton';
import { RichText } from '../../ui/markup/RichText';
import { Avatar } from '../../ui/member/Avatar';
import { UserLink } from '../../ui/member/UserLink';
import { TimeAgo } from '../../ui/time/clock';
import styles from './Feed.module.css';
import { mayDeleteComment } from './rules';

interface Props {
  event: FeedEvent;
  post: PostRef;
  me: User;
  inputRef: RefObject<HTMLInputElement | null>;
  /** "Comentar" was pressed: the compose line shows (it always does once there are comments). */
  composing: boolean;
}

function CommentLine({ comment, onDelete }: { comment: Comment; onDelete?: () => void }) {
  const { t } = useI18n();
  const author = comment.author ?? { uid: 0 };
  // A rejection reverts the kit's button; the error toast comes from handleError.
  const like = (liked: boolean) =>
    sendLike({ type: LikeItemType.COMMENT, itemId: comment.uid, authorUserId: author.uid }, liked).catch(
      (error: unknown) => {
        handleError(error);
        throw error;
      },
    );
  return (
    <li className={styles.comment} data-testid="comment">
      <Avatar user={author} size={32} showPresence={false} />
      <div>
        <div className={styles.bubble}>
          {author.uid ? <UserLink user={author} /> : null} <RichText text={comment.message ?? ''} />
        </div>
        <div className={styles.commentMeta}>
          {comment.creationtime ? (
            <time dateTime={new Date(comment.creationtime).toISOString()}>
              <TimeAgo at={comment.creationtime} />
            </time>
          ) : null}
          {author.uid ? (
            <span className={styles.commentLike}>
              <LikeButton liked={!!comment.liked} count={comment.likeCount ?? 0} onToggle={like} />
            </span>
          ) : null}
          {onDelete && (
            <button type="button" className={styles.linkButton} onClick={onDelete}>
              {t('feed.deleteConfirm')}
            </button>
          )}
        </div>
      </div>
    </li>
  );
}

/**
 * Comments under a feed item: the latest few the event carries, "see all" through
 * album/getPostComments.do, a compose line, and delete for the comment's or the post's author.
 */
export function Comments({ event, post, me, inputRef, composing }: Props) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const [expanded, setExpanded] = useState(false);
  const [text, setText] = useState('');
  const all = usePostComments(post, expanded);
  const latest = event.comments ?? [];
  const shown = expanded && all.data ? all.data.pages.flat() : latest;
  const total = Math.max(event.commentCount ?? 0, shown.length);

  const send = useMutation({
    mutationFn: (message: string) => composeComment(post, message),
    onSuccess: (comment) => {
      setText('');
      patchFeedEvent(queryClient, event.id, (e) => ({
        comments: [...(e.comments ?? []), comment].slice(-FeedLimits.EVENT_COMMENTS),
        commentCount: (e.commentCount ?? 0) + 1,
      }));
      void queryClient.invalidateQueries({ queryKey: commentsKey(post) });
    },
  });
  const remove = useMutation({
    mutationFn: (comment: Comment) => deleteComment(post, comment.uid),
    onSuccess: (_ok, comment) => {
      patchFeedEvent(queryClient, event.id, (e) => ({
        comments: (e.comments ?? []).filter((c) => c.uid !== comment.uid),
        commentCount: Math.max(0, (e.commentCount ?? 1) - 1),
      }));
      void queryClient.invalidateQueries({ queryKey: commentsKey(post) });
    },
  });

  const askDelete = (comment: Comment) =>
    confirm({
      title: t('feed.deleteCommentTitle'),
      body: t('feed.deleteCommentBody'),
      confirmText: t('feed.deleteConfirm'),
      cancelText: t('dialog.cancel'),
      onConfirm: () => remove.mutate(comment),
    });

  // biome-ignore lint/correctness/useExhaustiveDependencies: focus when asked to compose
  useEffect(() => {
    if (composing) inputRef.current?.focus();
  }, [composing]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const message = text.trim();
    if (message && !send.isPending) send.mutate(message);
  };

  if (!composing && shown.length === 0 && total === 0) return null;
  return (
    <div className={styles.comments}>
      {!expanded && total > shown.length && (
        <button type="button" className={styles.linkButton} onClick={() => setExpanded(true)}>
          {t('feed.seeAll', { count: total })}
        </button>
      )}
      {shown.length > 0 && (
        <ul className={styles.commentList} aria-label={t('feed.comments', { count: total })}>
          {shown.map((comment) => (
            <CommentLine
              key={comment.uid}
              comment={comment}
              onDelete={mayDeleteComment(comment, event, me.uid) ? () => askDelete(comment) : undefined}
            />
          ))}
        </ul>
      )}
      {expanded && all.hasNextPage && (
        <button
          type="button"
          className={styles.linkButton}
          onClick={() => void all.fetchNextPage()}
          disabled={all.isFetchingNextPage}
        >
          {t('feed.seeMore')}
        </button>
      )}
      {(composing || shown.length > 0) && (
        <form className={styles.commentForm} onSubmit={submit}>
          <Avatar user={me} size={32} showPresence={false} />
          <input
            ref={inputRef}
            className={styles.commentInput}
            value={text}
            onChange={(e) => setText(e.target.value)}
            maxLength={FeedLimits.COMMENT_MAX}
            placeholder={t('feed.commentPlaceholder')}
            aria-label={t('feed.commentLabel')}
            enterKeyHint="send"
          />
          <button
            type="submit"
            className={styles.send}
            aria-label={t('feed.send')}
            disabled={!text.trim() || send.isPending}
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
              <path fill="currentColor" d="M3 20.5V14l9-2-9-2V3.5L22 12 3 20.5Z" />
            </svg>
          </button>
        </form>
      )}
    </div>
  );
}
