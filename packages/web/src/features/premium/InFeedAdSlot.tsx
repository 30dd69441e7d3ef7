import { Suspense, useRef } from 'react';
import { lazyPart } from '../../ui/lazyPart';
import { useNearScreen } from '../../ui/useNearScreen';
import styles from './InFeedAdSlot.module.css';

// Its code (and the premium styles) load only when needed: the member's first load stays within
// its budget (e2e/first-load.e2e.test.ts); the box below holds its place.
const InFeedAd = lazyPart('src/features/premium/InFeedAd.tsx', () =>
  import('./InFeedAd').then((m) => ({ default: m.InFeedAd })),
);

/**
 * The in-feed ad (feed event 25), its box reserved until it comes near the screen: it sits after
 * the third item, below the first screen on a phone, so its code and its ad request wait for the
 * member to scroll (and stay off the first load).
 */
export function InFeedAdSlot() {
  const box = useRef<HTMLDivElement>(null);
  const near = useNearScreen(box, '400px 0px');
  const placeholder = (
    <div ref={box} className={styles.feedAd} aria-hidden="true" data-testid="feed-ad-slot" />
  );
  if (!near) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <InFeedAd />
    </Suspense>
  );
}
