import { Suspense, useSyncExternalStore } from 'react';
import { useI18n } from '../../i18n/i18n';
import { lazyPart } from '../../ui/lazyPart';
import styles from './AdColumn.module.css';

// The ads' code loads only where the columns show (wide screens), after the first paint.
const SideAds = lazyPart('src/features/premium/SideAds.tsx', () => import('../../features/premium/SideAds'));

const WIDE = '(min-width: 1100px)';
const wideQuery = () => (typeof window.matchMedia === 'function' ? window.matchMedia(WIDE) : null);
const isWide = () => wideQuery()?.matches ?? false;
function subscribeWide(onChange: () => void) {
  const query = wideQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/**
 * A sticky side column of ads (features/premium/SideAds.tsx), on wide screens only: phones never
 * ask for side ads (they get the in-feed ad). Each ad box has its height before anything arrives.
 */
export function AdColumn({ side }: { side: 'start' | 'end' }) {
  const { t } = useI18n();
  const wide = useSyncExternalStore(subscribeWide, isWide, () => false);
  if (!wide) return null;
  const placeholders = (side === 'start' ? ['a', 'b'] : ['a']).map((slot) => (
    <div key={slot} className={styles.placeholder} />
  ));
  return (
    <aside className={styles.column} aria-label={t('ads.label')} data-side={side}>
      <div className={styles.sticky}>
        <p className={styles.label}>{t('ads.label')}</p>
        <Suspense fallback={placeholders}>
          <SideAds side={side} />
        </Suspense>
      </div>
    </aside>
  );
}
