import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type GoldCurrency, VIP_PLANS, type VipSubscription } from '@tertulia/contract';
import { useNavigate } from 'react-router';
import {
  cancelVipSubscription,
  refreshPremium,
  subscribeVip,
  useVipSubscription,
} from '../../api/areas/gold';
import { keyOf } from '../../api/query';
import { getLocale, useI18n } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { errorText } from '../../ui/errors/handleError';
import { toast } from '../../ui/toast/toastStore';
import { money } from '../gifts/shopRoute';
import styles from './Premium.module.css';
import { formatDay } from './rules';
import './texts';

function stateLine(s: VipSubscription, t: ReturnType<typeof useI18n>['t']) {
  const date = s.periodEnd ? formatDay(s.periodEnd) : '';
  if (s.state === 'active') return t('vip.subscription.active', { date });
  if (s.state === 'canceled') return t('vip.subscription.canceled', { date });
  if (s.state === 'pending') return t('vip.subscription.pending');
  return t('vip.subscription.ended');
}

/**
 * VIP as a subscription with money through the payment provider: subscribe opens its checkout
 * (ours for the test provider, Stripe's otherwise); the state shown is the server's (pending,
 * active, canceled, ended); cancel stops renewals, VIP runs to the end of the paid period.
 */
export function VipSubscriptionPanel() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const current = useVipSubscription();
  const plan = VIP_PLANS[0];
  const currency: GoldCurrency = getLocale() === 'en' ? 'usd' : 'eur';
  const subscribe = useMutation({
    mutationFn: () => subscribeVip({ offer: plan.offer, currency }),
    meta: { silent: true },
    onSuccess: async (s) => {
      // The checkout page reads the new (pending) subscription, not the list from before.
      await queryClient.invalidateQueries({ queryKey: keyOf(api.premium.getVipSubscription) });
      if (!s.url) return;
      if (s.url.startsWith('/')) navigate(s.url);
      else window.location.assign(s.url);
    },
  });
  const cancel = useMutation({
    mutationFn: () => cancelVipSubscription({}),
    meta: { silent: true },
    onSuccess: async () => {
      await refreshPremium(queryClient);
      toast.show('success', t('vip.subscription.canceledToast'));
    },
  });
  const s = current.data?.[0];
  const running = s && (s.state === 'active' || s.state === 'canceled');
  const error = subscribe.error ?? cancel.error;
  return (
    <section className={styles.panel} aria-labelledby="vip-subscription">
      <h2 id="vip-subscription">{t('vip.subscription')}</h2>
      <p>{t('vip.subscriptionLead', { days: plan.days, price: money(plan[currency], currency) })}</p>
      {s && (
        <p className={styles.state} data-testid="vip-subscription-state" data-state={s.state}>
          {stateLine(s, t)}
        </p>
      )}
      {error && (
        <p role="alert" className={styles.errorBox}>
          {errorText(error)}
        </p>
      )}
      {s?.state === 'active' ? (
        <Button variant="secondary" onClick={() => cancel.mutate()} disabled={cancel.isPending}>
          {t('vip.cancelSubscription')}
        </Button>
      ) : (
        !running && (
          <Button
            onClick={() => subscribe.mutate()}
            disabled={subscribe.isPending}
            data-testid="vip-subscribe"
          >
            {t('vip.subscribe')}
          </Button>
        )
      )}
    </section>
  );
}
