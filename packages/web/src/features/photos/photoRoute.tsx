import { useQueryClient } from '@tanstack/react-query';
import { LikeItemType, type Photo, type User } from '@tertulia/contract';
import { type TouchEvent, useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { sendLike } from '../../api/areas/feed';
import {
  photoKey,
  photoLikedKey,
  prefetchPhoto,
  reportPhoto,
  usePhoto,
  usePhotoLiked,
} from '../../api/areas/photos';
import { useSession } from '../../api/areas/user';
import { useI18n } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { openDialog } from '../../ui/dialog/dialogStore';
import { handleError } from '../../ui/errors/handleError';
import { LikeButton } from '../../ui/like/LikeButton';
import { likesDialog } from '../../ui/like/likesDialog';
import { Avatar } from '../../ui/member/Avatar';
import { UserLink } from '../../ui/member/UserLink';
import pageStyles from '../../ui/Page.module.css';
import { PATHS } from '../../ui/paths';
import { TimeAgo } from '../../ui/time/clock';
import { usePageTitle } from '../../ui/title/pageTitle';
import { toast } from '../../ui/toast/toastStore';
import { reportPhotoDialog } from './dialogs';
import { photoSrc, photoSrcSet, VIEW } from './images';
import { OwnerTools } from './OwnerTools';
import { PhotoComments } from './PhotoComments';
import styles from './Photos.module.css';
import './texts';

/** A horizontal swipe longer than this (px) turns the page on phones. */
const SWIPE_PX = 50;

function Likes({ photo }: { photo: Photo }) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const item = { type: LikeItemType.PHOTO, itemId: photo.uid, authorUserId: photo.ownerUser?.uid ?? 0 };
  const liked = usePhotoLiked(item);
  const count = photo.likeCount ?? 0;
  return (
    <>
      <LikeButton
        liked={liked.data ?? false}
        count={count}
        onToggle={async (next) => {
          try {
            await sendLike(item, next);
            await queryClient.invalidateQueries({ queryKey: photoKey(photo.uid) });
            await queryClient.invalidateQueries({ queryKey: photoLikedKey(item) });
          } catch (error) {
            handleError(error);
            throw error;
          }
        }}
      />
      {count > 0 && (
        <button type="button" className={styles.plain} onClick={() => openDialog(likesDialog, { item })}>
          {t('like.count', { count })}
        </button>
      )}
    </>
  );
}

function PhotoView({ photo, me }: { photo: Photo; me: User | null }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const ownerId = photo.ownerUser?.uid ?? 0;
  const own = me?.uid === ownerId;
  const prev = photo.previousPostId;
  const next = photo.nextPostId;
  const go = (id: number | undefined) => id && navigate(PATHS.photo(id, ownerId), { replace: true });
  const touchX = useRef<number | null>(null);
  usePageTitle(photo.message || t('photos.shareTitle', { name: photo.ownerUser?.name ?? '' }));

  // The neighbours load ahead, so the arrows turn the page at once.
  useEffect(() => {
    for (const id of [prev, next]) if (id) void prefetchPhoto(queryClient, id);
  }, [prev, next, queryClient]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      if (event.key === 'ArrowLeft' && prev) navigate(PATHS.photo(prev, ownerId), { replace: true });
      if (event.key === 'ArrowRight' && next) navigate(PATHS.photo(next, ownerId), { replace: true });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [prev, next, ownerId, navigate]);

  const onTouchEnd = (event: TouchEvent) => {
    const start = touchX.current;
    touchX.current = null;
    if (start === null) return;
    const dx = event.changedTouches[0].clientX - start;
    if (dx > SWIPE_PX) go(prev);
    else if (dx < -SWIPE_PX) go(next);
  };

  const share = () =>
    void import('../../ui/sheet/share').then(({ openShareSheet }) =>
      openShareSheet({
        url: new URL(PATHS.photo(photo.uid, ownerId), window.location.origin).href,
        title: t('photos.shareTitle', { name: photo.ownerUser?.name ?? '' }),
      }),
    );
  // The spec's rule: a picture with no post of its own (a negative id) is reported at once; a
  // photo opens the report-photo dialog, with a reason and a comment.
  const report = () =>
    photo.uid < 0
      ? reportPhoto({ photoAuthorId: ownerId, photoId: photo.uid, reason: '-1' }).then(
          () => toast.success(t('report.thanks')),
          handleError,
        )
      : openDialog(reportPhotoDialog, { photoId: photo.uid, authorId: ownerId });

  return (
    <article className={styles.viewer} data-testid="photo-view" data-photo-id={photo.uid}>
      <div
        className={styles.stage}
        onTouchStart={(e) => {
          touchX.current = e.touches[0].clientX;
        }}
        onTouchEnd={onTouchEnd}
      >
        <img
          src={photoSrc(photo.image1, VIEW)}
          srcSet={photoSrcSet(photo.image1, VIEW)}
          alt={photo.message ?? ''}
          data-testid="photo-image"
        />
        {prev && (
          <Link
            to={PATHS.photo(prev, ownerId)}
            replace
            className={`${styles.nav} ${styles.prev}`}
            aria-label={t('photos.previous')}
          >
            ‹
          </Link>
        )}
        {next && (
          <Link
            to={PATHS.photo(next, ownerId)}
            replace
            className={`${styles.nav} ${styles.next}`}
            aria-label={t('photos.next')}
          >
            ›
          </Link>
        )}
      </div>
      <div className={styles.meta}>
        {photo.ownerUser && <Avatar user={photo.ownerUser} size={40} alt="" />}
        <div className={styles.metaText}>
          {photo.ownerUser && <UserLink user={photo.ownerUser} />}
          <span className={styles.muted}>
            {photo.creationTime ? <TimeAgo at={photo.creationTime} /> : ''}
            {photo.albumName && (
              <>
                {' · '}
                <Link to={PATHS.albums(ownerId, photo.albumId)}>{photo.albumName}</Link>
              </>
            )}
          </span>
        </div>
      </div>
      {photo.message && <p className={styles.caption}>{photo.message}</p>}
      <div className={styles.actions}>
        {me && <Likes photo={photo} />}
        <Button variant="ghost" onClick={share}>
          {t('photos.share')}
        </Button>
        {me && !own && (
          <Button variant="ghost" onClick={report}>
            {t('photos.report')}
          </Button>
        )}
      </div>
      {own && <OwnerTools photo={photo} />}
      <PhotoComments photo={photo} me={me} />
    </article>
  );
}

/** `/html/album/photoalbum-view.jsp?postid={id}&u={userId}`: one photo, browsable in its album. */
export function Component() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const { user: me } = useSession();
  const postId = Number(params.get('postid'));
  const author = Number(params.get('u')) || undefined;
  const valid = Number.isInteger(postId) && postId > 0;
  const photo = usePhoto(postId, author, valid);
  return (
    <div className={pageStyles.page}>
      {photo.data ? (
        <PhotoView key={photo.data.uid} photo={photo.data} me={me} />
      ) : photo.isPending && valid ? null : (
        <p className={styles.empty}>
          {t('photos.gone')} {author && <Link to={PATHS.profile(author)}>{t('feed.toProfile')}</Link>}
        </p>
      )}
    </div>
  );
}
