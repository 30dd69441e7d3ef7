import type { HouseAd } from '@tertulia/contract';
import { useAds } from '../../api/areas/gold';
import { useI18n } from '../../i18n/i18n';
import { AdCard } from './AdCard';
import { HOUSE_ADS } from './houseAds';
import styles from './Premium.module.css';

/**
 * The ads of one side column: the house ads admins run (premiumfeature/getAds.do, side
 * placement), our built-in promotions when none run. Placeholders of the ads' height while they
 * load, so nothing moves. No third-party script: the network slot is empty by default.
 */
export default function SideAds({ side }: { side: 'start' | 'end' }) {
  const { t } = useI18n();
  const ads = useAds('side', true);
  const builtIn: HouseAd[] = HOUSE_ADS.map((ad, i) => ({
    // Not a house ad (nothing to report): 0 and below; the number still picks a tone.
    id: -i,
    title: t(ad.title),
    body: t(ad.body),
    link: ad.href,
  }));
  const all = ads.data?.length ? ads.data : builtIn;
  // Start and end columns show different ones.
  const mine = side === 'start' ? all.slice(0, 2) : all.slice(2, 3);
  if (ads.isPending)
    return (side === 'start' ? ['a', 'b'] : ['a']).map((slot) => (
      <div key={slot} className={styles.sidePlaceholder} />
    ));
  return mine.map((ad) => (
    <AdCard key={`${ad.id}-${ad.link}`} ad={ad} position={`side-${side}`} variant="side" />
  ));
}
