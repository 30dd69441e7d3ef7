import type { ImageOptions, User } from '@tertulia/contract';
import { LazyImage } from '../../ui/image/LazyImage';
import { sizedImage, TILE_PHOTO } from './images';
import styles from './People.module.css';
import { presenceOf, showsVipStar } from './rules';

interface Props {
  user: Pick<User, 'name' | 'image1' | 'star' | 'onlineSource' | 'onlineStatus'>;
  /** Rendered size in CSS pixels. */
  size?: number;
  image?: ImageOptions;
  /** Decorative beside a visible name (alt=""); otherwise the name is the alt text. */
  alt?: string;
  showPresence?: boolean;
  lazy?: boolean;
}

/** A member's photo (or initial), with the VIP ring and the presence dot. */
export function Avatar({
  user,
  size = 48,
  image = TILE_PHOTO,
  alt = '',
  showPresence = true,
  lazy = true,
}: Props) {
  const src = sizedImage(user.image1, image);
  const presence = presenceOf(user);
  const initial = (user.name ?? '?').slice(0, 1).toUpperCase();
  return (
    <span
      className={styles.avatar}
      data-vip={showsVipStar(user) || undefined}
      style={{ inlineSize: size, blockSize: size, fontSize: Math.round(size * 0.42) }}
    >
      {src ? (
        lazy ? (
          <LazyImage src={src} alt={alt} width={size} height={size} className={styles.avatarImage} />
        ) : (
          <img src={src} alt={alt} width={size} height={size} className={styles.avatarImage} />
        )
      ) : (
        <span aria-hidden="true">{initial}</span>
      )}
      {showPresence && presence !== 'offline' && (
        <span className={styles.presenceDot} data-presence={presence} aria-hidden="true" />
      )}
    </span>
  );
}
