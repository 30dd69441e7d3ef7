import type { HouseAd } from '@tertulia/contract';
import { Link } from 'react-router';
import { useAds } from '../../api/areas/gold';
import { useI18n } from '../../i18n/i18n';
import { openVipPromptFor } from '../../ui/member/vipPrompt';
import { AdCard } from './AdCard';
import styles from './Premium.module.css';
import { vipPagePath } from './rules';
import './texts';

/**
 * The in-feed ad (feed event 25) for phones: wide screens have the side columns instead, so it is
 * hidden there by CSS. Its box has a fixed height from the first paint, whether the ad has
 * arrived or not (and an empty answer keeps the box with our own promotion), so the feed below
 * never moves (e2e/premium.e2e.test.ts measures the layout shift). The network slot is empty by
 * default: nothing but our house ads, no third-party script.
 */
export function InFeedAd() {
  const { t } = useI18n();
  const ads = useAds('feed', true);
  const fallback: HouseAd = {
    id: 0,
    title: t('vip.prompt.ads.title'),
    body: t('vip.prompt.ads.body'),
    link: vipPagePath('ads'),
  };
  const ad = ads.data?.[0] ?? (ads.isPending ? undefined : fallback);
  return (
    <aside className={styles.feedAd} aria-label={t('ad.label')} data-testid="feed-ad-slot">
      {/* Until the ad arrives an empty cell keeps its row, so the link below does not move. */}
      {ad ? <AdCard ad={ad} position="feed" variant="feed" /> : <div />}
      <Link
        className={styles.noAds}
        to={vipPagePath('ads')}
        onClick={(event) => {
          // Browsing without ads is VIP's: the VIP sheet says so (the link works without script).
          event.preventDefault();
          void openVipPromptFor('ads');
        }}
      >
        {t('ad.noAds')}
      </Link>
    </aside>
  );
}
