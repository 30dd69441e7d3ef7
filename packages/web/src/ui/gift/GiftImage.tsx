import { giftImagePath } from '@tertulia/contract';
import styles from './Gift.module.css';

/** A gift's artwork, with its 2x variant for high-density screens. */
export function GiftImage({ giftId, alt, size = 48 }: { giftId: number; alt: string; size?: number }) {
  return (
    <img
      className={styles.image}
      src={giftImagePath(giftId)}
      srcSet={`${giftImagePath(giftId)} 1x, ${giftImagePath(giftId, 2)} 2x`}
      alt={alt}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
    />
  );
}
