import { GIFT_FLOAT_ICONS, giftImagePath } from '@tertulia/contract';
import { type CSSProperties, useEffect, useState } from 'react';
import styles from './Gift.module.css';

const DURATION_MS = 3200;

/**
 * A gift arriving in a room: its icon floats up GIFT_FLOAT_ICONS times over the stream, each
 * from its own place and delay, then the layer removes itself. Decorative: the line says it.
 */
export function GiftFloat({ giftId, onDone }: { giftId: number; onDone?: () => void }) {
  const [shown, setShown] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => {
      setShown(false);
      onDone?.();
    }, DURATION_MS + 600);
    return () => clearTimeout(timer);
  }, [onDone]);
  if (!shown) return null;
  return (
    <div className={styles.float} aria-hidden="true" data-testid="gift-float">
      {Array.from({ length: GIFT_FLOAT_ICONS }, (_, i) => (
        <img
          // biome-ignore lint/suspicious/noArrayIndexKey: the icons are identical and never reorder
          key={i}
          className={styles.floatIcon}
          src={giftImagePath(giftId)}
          srcSet={`${giftImagePath(giftId)} 1x, ${giftImagePath(giftId, 2)} 2x`}
          alt=""
          style={
            {
              left: `${5 + ((i * 37) % 90)}%`,
              animationDelay: `${(i * 173) % 600}ms`,
              '--drift': `${((i % 3) - 1) * 24}px`,
            } as CSSProperties
          }
        />
      ))}
    </div>
  );
}
