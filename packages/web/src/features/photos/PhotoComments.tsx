import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FeedLimits, type Photo, type User } from '@tertulia/contract';
import { type FormEvent, useState } from 'react';
import { commentsKey, deleteComment, type PostRef, usePostComments } from '../../api/areas/feed';
import { commentWithPhoto, photoKey } from '../../api/areas/photos';
import { useI18n } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { LazyImage } from '../../ui/image/LazyImage';
import { RichText } from '../../ui/markup/RichText';
import { Avatar } from '../../ui/member/Avatar';
import { UserLink } from '../../ui/member/UserLink';
import { TimeAgo } from '../../ui/time/clock';
import { AttachField } from './AttachField';
import type { AttachedPhoto } from './dialogs';
import { photoSrc, photoSrcSet, STRIP } from './images';
import styles from './Photos.module.css';
import './texts';

/** The photo's comments, oldest first; its writer or the photo's owner may delete one. */
export function PhotoComments({ photo, me }: { photo: Photo; me: User | null }) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const post: PostRef = { isPhoto: true, postId: photo.uid, authorUserId: photo.ownerUser?.uid ?? 0 };
  const comments = usePostComments(post, !!me);
  const [text, setText] = useState('');
  // The optional picture of the comment: one of the member's photos (or one uploaded) from the
  // photo select dialog.
  const [picture, setPicture] = useState<AttachedPhoto | undefined>();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: commentsKey(post) }),
      queryClient.invalidateQueries({ queryKey: photoKey(photo.uid) }),
    ]);
  const send = useMutation({
    mutationFn: (message: string) => commentWithPhoto(post, message, picture?.postId),
    onSuccess: () => {
      setText('');
      setPicture(undefined);
      return refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => deleteComment(post, id),
    onSuccess: refresh,
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) send.mutate(text.trim());
  };
  const list = comments.data?.pages.flat() ?? [];

  return (
    <section aria-labelledby="photo-comments">
      <h2 id="photo-comments" className="visually-hidden">
        {t('photos.comments')}
      </h2>
      {list.length === 0 && !comments.isPending && <p className={styles.muted}>{t('photos.noComments')}</p>}
      <ul className={styles.comments} data-testid="photo-comments">
        {list.map((c) => (
          <li key={c.uid} className={styles.comment}>
            {c.author && <Avatar user={c.author} size={32} alt="" />}
            <div className={styles.commentBody}>
              {c.author && <UserLink user={c.author} />}{' '}
              <span className={styles.muted}>{c.creationtime ? <TimeAgo at={c.creationtime} /> : ''}</span>
              <RichText as="p" text={c.message ?? ''} />
              {c.image1 && (
                <LazyImage
                  src={photoSrc(c.image1, STRIP) ?? ''}
                  srcSet={photoSrcSet(c.image1, STRIP)}
                  alt=""
                  width={150}
                  height={150}
                />
              )}
            </div>
            {c.deletable && (
              <button
                type="button"
                className={styles.plain}
                aria-label={t('photos.commentDelete')}
                onClick={() => remove.mutate(c.uid)}
              >
                ✕
              </button>
            )}
          </li>
        ))}
      </ul>
      {comments.hasNextPage && (
        <button type="button" className={styles.plain} onClick={() => void comments.fetchNextPage()}>
          {t('feed.seeMore')}
        </button>
      )}
      {me && (
        <form className={styles.commentForm} onSubmit={onSubmit}>
          <input
            value={text}
            onChange={(e) => setText(e.target.value)}
            maxLength={FeedLimits.COMMENT_MAX}
            placeholder={t('photos.commentPlaceholder')}
            aria-label={t('photos.commentPlaceholder')}
            data-testid="photo-comment-input"
          />
          <AttachField value={picture} onChange={setPicture} disabled={send.isPending} />
          <Button type="submit" disabled={send.isPending || !text.trim()}>
            {t('photos.commentSend')}
          </Button>
        </form>
      )}
    </section>
  );
}
