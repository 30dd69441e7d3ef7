import type { HouseAd } from '@tertulia/contract';
import { useSyncExternalStore } from 'react';
import { useAds } from '../../api/areas/premium';
import { AdCard } from '../../features/premium/AdCard';
import { useI18n } from '../../i18n/i18n';
import styles from './AdColumn.module.css';
import { HOUSE_ADS } from './houseAds';

const WIDE = '(min-width: 1100px)';
const wideQuery = () => (typeof window.matchMedia === 'function' ? window.matchMedia(WIDE) : null);
const isWide = () => wideQuery()?.matches ?? false;
function subscribeWide(onChange: () => void) {
  const query = wideQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/**
 * A sticky side column of ads (hidden on narrow screens by the layout): the house ads admins run
 * (premiumfeature/getAds.do, side placement), our built-in promotions when none run. Each ad box
 * has its height before anything arrives, so nothing moves. No third-party script is loaded: the
 * network slot is empty by default.
 */
export function AdColumn({ side }: { side: 'start' | 'end' }) {
  const { t } = useI18n();
  // The columns show only on wide screens (AdColumn.module.css): phones never ask for side ads.
  const wide = useSyncExternalStore(subscribeWide, isWide, () => false);
  const ads = useAds('side', wide);
  const builtIn: HouseAd[] = HOUSE_ADS.map((ad, i) => ({
    // Not a house ad (no report): 0 and below; the number still picks a tone.
    id: -i,
    title: t(ad.title),
    body: t(ad.body),
    link: ad.href,
  }));
  const all = ads.data?.length ? ads.data : builtIn;
  // Start and end columns show different ones.
  const mine = side === 'start' ? all.slice(0, 2) : all.slice(2, 3);
  if (!wide) return null;
  return (
    <aside className={styles.column} aria-label={t('ads.label')} data-side={side}>
      <div className={styles.sticky}>
        <p className={styles.label}>{t('ads.label')}</p>
        {ads.isPending
          ? (side === 'start' ? ['a', 'b'] : ['a']).map((slot) => (
              <div key={slot} className={styles.placeholder} />
            ))
          : mine.map((ad) => (
              <AdCard key={`${ad.id}-${ad.link}`} ad={ad} position={`side-${side}`} variant="side" />
            ))}
      </div>
    </aside>
  );
}
