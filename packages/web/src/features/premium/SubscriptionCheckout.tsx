import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GoldCurrency } from '@tertulia/contract';
import { Link } from 'react-router';
import { confirmTestVipSubscription, refreshPremium, useVipSubscription } from '../../api/areas/gold';
import { useI18n } from '../../i18n/i18n';
import { Button, buttonClass } from '../../ui/Button';
import { openDialog } from '../../ui/dialog/dialogStore';
import { errorText } from '../../ui/errors/handleError';
import { money } from '../gifts/shopRoute';
import { vipWelcomeDialog } from './dialogs';
import styles from './Premium.module.css';
import { GOLD_PATHS } from './rules';
import '../gifts/texts';
import './texts';

/**
 * The test provider's checkout for a VIP subscription (the gold checkout page shows it for
 * ?subscription=): paying charges nothing and gives the first period; then the welcome dialog.
 */
export function SubscriptionCheckout({ subscriptionId }: { subscriptionId: number }) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const current = useVipSubscription();
  const pay = useMutation({
    mutationFn: () => confirmTestVipSubscription({ subscriptionId }),
    meta: { silent: true },
    onSuccess: async () => {
      await refreshPremium(queryClient);
      openDialog(vipWelcomeDialog, {});
    },
  });
  const s = pay.data ?? current.data?.find((x) => x.id === subscriptionId);
  if (!s) return null;
  return (
    <>
      <p className={styles.state}>
        {t('gold.checkout.subscription', {
          price: money(s.amount, s.currency as GoldCurrency),
          days: s.days,
        })}
      </p>
      {pay.isError && (
        <p role="alert" className={styles.errorBox}>
          {errorText(pay.error)}
        </p>
      )}
      {s.state === 'active' ? (
        <p role="status" data-testid="checkout-done">
          {t('gold.checkout.subscriptionDone')}
        </p>
      ) : (
        <div className={styles.welcome}>
          <Button onClick={() => pay.mutate()} disabled={pay.isPending} data-testid="checkout-pay">
            {t('gold.checkout.pay')}
          </Button>
          <Link to={GOLD_PATHS.vip} className={buttonClass('secondary')}>
            {t('gold.checkout.cancel')}
          </Link>
        </div>
      )}
    </>
  );
}
