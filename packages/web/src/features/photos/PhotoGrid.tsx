import type { Photo } from '@tertulia/contract';
import { Link } from 'react-router';
import { useI18n } from '../../i18n/i18n';
import { LazyImage } from '../../ui/image/LazyImage';
import { InfiniteList } from '../../ui/list/InfiniteList';
import { PATHS } from '../../ui/paths';
import { GRID, photoSrc, photoSrcSet } from './images';
import styles from './Photos.module.css';
import './texts';

interface Props {
  photos: Photo[];
  hasMore: boolean;
  isLoading: boolean;
  onLoadMore: () => void;
}

/** Square tiles (300 px, 2x on dense screens) that load 500 px before they show; more as it scrolls. */
export function PhotoGrid({ photos, hasMore, isLoading, onLoadMore }: Props) {
  const { t } = useI18n();
  return (
    <InfiniteList
      items={photos}
      getKey={(p) => p.uid}
      className={styles.grid}
      label={t('photos.title')}
      hasMore={hasMore}
      isLoading={isLoading}
      onLoadMore={onLoadMore}
      renderItem={(p) => (
        <Link
          to={PATHS.photo(p.uid, p.ownerUser?.uid ?? 0)}
          className={styles.tile}
          data-testid="photo-tile"
          aria-label={p.message || t('photos.title')}
        >
          <LazyImage
            src={photoSrc(p.image1, GRID) ?? ''}
            srcSet={photoSrcSet(p.image1, GRID)}
            alt={p.message ?? ''}
          />
        </Link>
      )}
    />
  );
}
