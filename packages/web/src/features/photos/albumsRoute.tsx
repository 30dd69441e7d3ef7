import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useUser } from '../../api/areas/people';
import { useAlbums, usePhotoFavorites, usePhotoPages } from '../../api/areas/photos';
import { useSession } from '../../api/areas/user';
import { useI18n } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import pageStyles from '../../ui/Page.module.css';
import { PATHS } from '../../ui/paths';
import { usePageTitle } from '../../ui/title/pageTitle';
import { AlbumManager } from './AlbumManager';
import { BackstageAccess } from './BackstageAccess';
import { PhotoGrid } from './PhotoGrid';
import styles from './Photos.module.css';
import { UploadZone } from './UploadZone';
import './texts';

/**
 * `/html/album/photoalbums.jsp?u={userId}&a={albumId}`: a member's albums as tabs and the photos
 * of one (or all) in a grid that loads more as it scrolls. The owner drops or picks photos here.
 */
function AlbumsPage({
  userId,
  albumId,
  favorites,
}: {
  userId: number;
  albumId?: number;
  favorites: boolean;
}) {
  const { t } = useI18n();
  const { user: me } = useSession();
  const owner = useUser(userId);
  const own = me?.uid === userId;
  const name = owner.data?.name ?? '';
  usePageTitle(own ? t('photos.title') : t('photos.titleOf', { name }));
  const albums = useAlbums(userId);
  const albumPages = usePhotoPages(userId, albumId, !favorites);
  // The "liked" tab: photos the member liked (album/getPhotoFavorites.do), those the caller may see.
  const likedPages = usePhotoFavorites(userId, favorites);
  const pages = favorites ? likedPages : albumPages;
  const photos = pages.data?.pages.flat() ?? [];
  const [managing, setManaging] = useState(false);
  const navigate = useNavigate();
  const current = albums.data?.find((a) => a.id === albumId);

  const grid =
    photos.length === 0 && !pages.isPending ? (
      <p className={styles.empty}>
        {favorites ? t('photos.likedEmpty') : own ? t('photos.emptyOwn') : t('photos.empty')}
      </p>
    ) : (
      <PhotoGrid
        photos={photos}
        hasMore={!!pages.hasNextPage}
        isLoading={pages.isFetchingNextPage}
        onLoadMore={() => void pages.fetchNextPage()}
      />
    );

  return (
    <div className={pageStyles.page}>
      <div className={styles.header}>
        <h1>{own ? t('photos.title') : t('photos.titleOf', { name })}</h1>
        {own && (
          <Button
            variant="secondary"
            onClick={() => setManaging((on) => !on)}
            aria-expanded={managing}
            data-testid="album-manage"
          >
            {managing ? t('photos.manageDone') : t('photos.manage')}
          </Button>
        )}
      </div>
      {own && managing && (
        <AlbumManager
          albums={albums.data ?? []}
          onDeleted={(id) => id === albumId && navigate(PATHS.albums(userId), { replace: true })}
        />
      )}
      <nav className={styles.albums} aria-label={t('photos.title')}>
        <Link
          className={styles.albumTab}
          to={PATHS.albums(userId)}
          aria-current={albumId || favorites ? undefined : 'page'}
        >
          {t('photos.all')}
        </Link>
        {(albums.data ?? []).map((album) => (
          <Link
            key={album.id}
            className={styles.albumTab}
            to={PATHS.albums(userId, album.id)}
            aria-current={album.id === albumId ? 'page' : undefined}
            data-testid="album-tab"
          >
            {album.name} · {album.size ?? 0}
            {album.containsNewPhoto && <span className={styles.newMark}>{t('photos.newMark')}</span>}
          </Link>
        ))}
        <Link
          className={styles.albumTab}
          to={PATHS.photoFavorites(userId)}
          aria-current={favorites ? 'page' : undefined}
          data-testid="album-liked"
        >
          {own ? t('photos.likedOwn') : t('photos.liked')}
        </Link>
      </nav>
      {own && current?.backstage && <BackstageAccess />}
      {own && !favorites ? <UploadZone albumId={albumId}>{grid}</UploadZone> : grid}
    </div>
  );
}

export function Component() {
  const [params] = useSearchParams();
  const { user: me, isPending } = useSession();
  const userId = Number(params.get('u') ?? me?.uid);
  const albumId = Number(params.get('a')) || undefined;
  const favorites = params.get('fav') === '1';
  if (!Number.isInteger(userId) || userId <= 0) return isPending ? null : <NotFound />;
  return (
    <AlbumsPage
      key={`${userId}-${albumId}-${favorites}`}
      userId={userId}
      albumId={albumId}
      favorites={favorites}
    />
  );
}

function NotFound() {
  const { t } = useI18n();
  return (
    <div className={pageStyles.page}>
      <p className={styles.empty}>{t('photos.gone')}</p>
    </div>
  );
}
