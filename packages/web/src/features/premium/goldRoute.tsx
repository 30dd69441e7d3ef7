import { Link } from 'react-router';
import { hasFeature, useSession } from '../../api/areas/user';
import { type MessageKey, useI18n } from '../../i18n/i18n';
import pageStyles from '../../ui/Page.module.css';
import { RequireLogin } from '../../ui/RequireLogin';
import { usePageTitle } from '../../ui/title/pageTitle';
import { GoldNav } from './GoldNav';
import styles from './Premium.module.css';
import { FEATURES, formatDay, GOLD_PATHS } from './rules';
import '../gifts/texts';
import './texts';

/** /html/gold/: the one place for gold, VIP, premium features, spotlights and history. */
function GoldHome() {
  const { t } = useI18n();
  usePageTitle(t('gold.section.title'));
  const { user } = useSession();
  const vipLine = user?.vip
    ? user.vipUntil
      ? t('vip.stateActive', { date: formatDay(user.vipUntil) })
      : t('vip.statePermanent')
    : t('vip.stateNone');
  return (
    <div className={pageStyles.page}>
      <h1>{t('gold.section.title')}</h1>
      <p className={pageStyles.lead}>{t('gold.section.lead')}</p>
      <GoldNav />
      <div className={styles.tiles}>
        <Link to={GOLD_PATHS.vip} className={styles.tile} data-tone="vip">
          <strong>{t('vip.title')}</strong>
          <span>{vipLine}</span>
        </Link>
        <Link to={GOLD_PATHS.shop} className={styles.tile} data-tone="gold">
          <strong>{t('gold.section.shop')}</strong>
          <span>{t('gold.shop.lead')}</span>
        </Link>
        <Link to={GOLD_PATHS.features} className={styles.tile}>
          <strong>{t('premium.title')}</strong>
          <span>
            {FEATURES.filter((f) => hasFeature(user, f))
              .map((f) => t(`premium.name.${f}` as MessageKey))
              .join(' · ') || t('premium.lead')}
          </span>
        </Link>
        <Link to={GOLD_PATHS.spotlights} className={styles.tile}>
          <strong>{t('spotlight.title')}</strong>
          <span>{t('spotlight.lead')}</span>
        </Link>
        <Link to={GOLD_PATHS.history} className={styles.tile}>
          <strong>{t('gold.section.history')}</strong>
          <span>{t('gold.section.historyLead')}</span>
        </Link>
      </div>
    </div>
  );
}

export function Component() {
  return (
    <RequireLogin>
      <GoldHome />
    </RequireLogin>
  );
}
