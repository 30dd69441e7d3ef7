import { useSearchParams } from 'react-router';
import { useSession } from '../../api/areas/user';
import { useI18n } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { openDialog } from '../../ui/dialog/dialogStore';
import pageStyles from '../../ui/Page.module.css';
import { RequireLogin } from '../../ui/RequireLogin';
import { usePageTitle } from '../../ui/title/pageTitle';
import { vipTrialDialog } from './dialogs';
import { GoldNav } from './GoldNav';
import styles from './Premium.module.css';
import { campaignText } from './perks';
import { formatDay } from './rules';
import { GoldOffers } from './VipOffers';
import { VipPerks } from './VipPrompt';
import { VipSubscriptionPanel } from './VipSubscriptionPanel';
import './texts';

/**
 * The VIP page (/html/gold/vip.jsp): the member's VIP state, the perks, VIP with gold, VIP as a
 * subscription and the one-time trial. `utm_campaign` says where the member came from (the
 * received-gift help, a VIP prompt) and picks the line shown first.
 */
function VipPage() {
  const { t } = useI18n();
  usePageTitle(t('vip.title'));
  const [params] = useSearchParams();
  const { user } = useSession();
  const campaign = campaignText(params.get('utm_campaign'));
  const state = user?.vip
    ? user.vipUntil
      ? t('vip.stateActive', { date: formatDay(user.vipUntil) })
      : t('vip.statePermanent')
    : t('vip.stateNone');
  return (
    <div className={pageStyles.page}>
      <h1>{t('vip.title')}</h1>
      <GoldNav />
      <section className={styles.hero} data-vip={user?.vip || undefined}>
        <span className={styles.crown} aria-hidden="true">
          ★
        </span>
        <div>
          {campaign && <p className={styles.campaign}>{t(campaign)}</p>}
          <p className={styles.state} data-testid="vip-state">
            {state}
          </p>
          {!user?.vip && <p>{t('vip.lead')}</p>}
        </div>
      </section>
      <section className={styles.panel} aria-labelledby="vip-perks">
        <h2 id="vip-perks">{t('vip.perks')}</h2>
        <VipPerks />
      </section>
      <section className={styles.panel} aria-labelledby="vip-gold">
        <h2 id="vip-gold">{t('vip.withGold')}</h2>
        <GoldOffers feature="VIP" />
      </section>
      <VipSubscriptionPanel />
      {user?.vipTrialAvailable && (
        <section className={styles.panel}>
          <h2>{t('vip.trialTitle')}</h2>
          <p>{t('vip.trialBody')}</p>
          <Button variant="secondary" onClick={() => openDialog(vipTrialDialog, {})} data-testid="vip-trial">
            {t('vip.trial')}
          </Button>
        </section>
      )}
    </div>
  );
}

export function Component() {
  return (
    <RequireLogin>
      <VipPage />
    </RequireLogin>
  );
}
