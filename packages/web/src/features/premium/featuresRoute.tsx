import type { PremiumFeatureKey } from '@tertulia/contract';
import { Link } from 'react-router';
import { usePremiumConfig } from '../../api/areas/gold';
import { type MessageKey, useI18n } from '../../i18n/i18n';
import pageStyles from '../../ui/Page.module.css';
import { PATHS } from '../../ui/paths';
import { RequireLogin } from '../../ui/RequireLogin';
import { usePageTitle } from '../../ui/title/pageTitle';
import { GoldNav } from './GoldNav';
import styles from './Premium.module.css';
import { FEATURES } from './rules';
import { GoldOffers } from './VipOffers';
import './texts';

/** Where a feature is used, once the member has it. */
const USE: Partial<Record<PremiumFeatureKey, [string, MessageKey]>> = {
  WHO_VIEWED_ME: [PATHS.profileVisits, 'premium.visits'],
  IM_STATUS: [PATHS.settings, 'premium.status'],
};

/** One premium feature: on or off now (getPremiumFeatureConfiguration.do), its offers, where to use it. */
function FeatureCard({ feature }: { feature: PremiumFeatureKey }) {
  const { t } = useI18n();
  const config = usePremiumConfig(feature);
  const on = config.data?.enabled === true;
  const days = config.data?.days_remaining;
  const use = USE[feature];
  return (
    <section className={styles.panel} data-testid={`feature-${feature}`} data-on={on || undefined}>
      <h2>{t(`premium.name.${feature}` as MessageKey)}</h2>
      <p>{t(`premium.about.${feature}` as MessageKey)}</p>
      <p className={styles.state} data-state={on ? 'on' : 'off'}>
        {on ? (days ? t('premium.on', { days }) : t('premium.onForever')) : t('premium.off')}
      </p>
      {on && use && (
        <Link to={use[0]} className={styles.useLink}>
          {t(use[1])}
        </Link>
      )}
      <GoldOffers feature={feature} />
    </section>
  );
}

/** The premium features page of the gold section: each bought apart with gold, or all with VIP. */
function FeaturesPage() {
  const { t } = useI18n();
  usePageTitle(t('premium.title'));
  return (
    <div className={pageStyles.page}>
      <h1>{t('premium.title')}</h1>
      <p className={pageStyles.lead}>{t('premium.lead')}</p>
      <GoldNav />
      {FEATURES.map((feature) => (
        <FeatureCard key={feature} feature={feature} />
      ))}
    </div>
  );
}

export function Component() {
  return (
    <RequireLogin>
      <FeaturesPage />
    </RequireLogin>
  );
}
