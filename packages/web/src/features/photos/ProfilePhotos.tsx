import type { User } from '@tertulia/contract';
import { Link } from 'react-router';
import { usePhotoPages } from '../../api/areas/photos';
import { useI18n } from '../../i18n/i18n';
import { LazyImage } from '../../ui/image/LazyImage';
import { PATHS } from '../../ui/paths';
import { photoSrc, photoSrcSet, STRIP } from './images';
import styles from './Photos.module.css';
import './texts';

/** The profile's photo strip: the latest photos the visitor may see, and a link to the albums. */
export default function ProfilePhotos({ user, own }: { user: User; own: boolean }) {
  const { t } = useI18n();
  const pages = usePhotoPages(user.uid, undefined);
  const photos = (pages.data?.pages[0] ?? []).slice(0, 8);
  if (!own && photos.length === 0) return null;
  return (
    <section aria-labelledby="profile-photos" data-testid="profile-photos">
      <h2 id="profile-photos">{t('photos.title')}</h2>
      <div className={styles.strip}>
        {photos.map((p) => (
          <Link key={p.uid} to={PATHS.photo(p.uid, user.uid)} className={styles.tile}>
            <LazyImage
              src={photoSrc(p.image1, STRIP) ?? ''}
              srcSet={photoSrcSet(p.image1, STRIP)}
              alt={p.message ?? ''}
            />
          </Link>
        ))}
      </div>
      <p>
        <Link to={PATHS.albums(user.uid)} data-testid="profile-photos-all">
          {own && photos.length === 0 ? t('photos.upload') : t('photos.seeAll')}
        </Link>
      </p>
    </section>
  );
}
