import { type Gift, giftImagePath } from '@tertulia/contract';
import { useEffect, useState } from 'react';
import styles from './Gift.module.css';

/** How long the artwork alone is shown when the gift has no video, before it leaves. */
const STILL_MS = 1600;
const EXIT_MS = 500;

export type EntrancePhase = 'entering' | 'video' | 'leaving' | 'done';

/**
 * A gift's arrival: its artwork comes in with its entrance animation (float, zoom, bounce), its
 * video plays if it has one (a video that cannot play is skipped), then the artwork leaves with
 * its exit animation and comes back to rest. `round` restarts it ("see again").
 */
export function GiftEntrance({ gift, round = 0 }: { gift: Gift; round?: number }) {
  const [phase, setPhase] = useState<EntrancePhase>('entering');
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new round starts over
  useEffect(() => setPhase('entering'), [round]);
  useEffect(() => {
    if (phase === 'entering') {
      const next = setTimeout(() => setPhase(gift.video ? 'video' : 'leaving'), gift.video ? 900 : STILL_MS);
      return () => clearTimeout(next);
    }
    if (phase === 'leaving') {
      const next = setTimeout(() => setPhase('done'), EXIT_MS);
      return () => clearTimeout(next);
    }
  }, [phase, gift.video]);
  const entrance = gift.entrance_animation ?? 'float';
  return (
    <div className={styles.stage} data-phase={phase} data-testid="gift-stage">
      {phase === 'video' && gift.video ? (
        <video
          src={gift.video}
          autoPlay
          muted
          playsInline
          aria-label={gift.name}
          onEnded={() => setPhase('leaving')}
          onError={() => setPhase('leaving')}
          data-testid="gift-video"
        />
      ) : (
        <img
          className={styles.actor}
          src={giftImagePath(gift.id, 2)}
          alt={gift.name ?? ''}
          data-entrance={phase === 'entering' || phase === 'done' ? entrance : undefined}
          data-leaving={phase === 'leaving' ? (gift.exit_animation ?? 'fade') : undefined}
          width={160}
          height={160}
        />
      )}
    </div>
  );
}
