import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GoldCurrency } from '@tertulia/contract';
import { Link, useSearchParams } from 'react-router';
import { confirmTestPayment, getPayment, goldKey } from '../../api/areas/gift';
import { useIdempotencyKey } from '../../api/useIdempotencyKey';
import { useI18n } from '../../i18n/i18n';
import { Button, buttonClass } from '../../ui/Button';
import { errorText } from '../../ui/errors/handleError';
import pageStyles from '../../ui/Page.module.css';
import { RequireLogin } from '../../ui/RequireLogin';
import { usePageTitle } from '../../ui/title/pageTitle';
import styles from '../gifts/Gifts.module.css';
import { GOLD_SHOP_PATH } from '../gifts/rules';
import { money } from '../gifts/shopRoute';
import { SubscriptionCheckout } from './SubscriptionCheckout';
import '../gifts/texts';

/** The built-in test provider's checkout: it says plainly that it is a test and charges nothing. */
function CheckoutPage() {
  const { t } = useI18n();
  usePageTitle(t('gold.checkout.title'));
  const [params] = useSearchParams();
  const paymentId = Number(params.get('payment')) || 0;
  const subscriptionId = Number(params.get('subscription')) || 0;
  const queryClient = useQueryClient();
  const payment = useQuery({
    queryKey: ['gold-payment', paymentId],
    queryFn: () => getPayment({ paymentId }),
    enabled: paymentId > 0,
  });
  const keys = useIdempotencyKey();
  const pay = useMutation({
    mutationFn: () => confirmTestPayment(keys.withKey({ paymentId })),
    meta: { silent: true },
    onSuccess: (paid) => {
      keys.succeeded({ paymentId });
      queryClient.setQueryData(['gold-payment', paymentId], paid);
      void queryClient.invalidateQueries({ queryKey: goldKey });
    },
  });
  const p = pay.data ?? payment.data;
  return (
    <div className={pageStyles.page}>
      <h1>{t('gold.checkout.title')}</h1>
      <p className={styles.testBanner} role="note">
        {t('gold.checkout.notice')}
      </p>
      {subscriptionId > 0 && <SubscriptionCheckout subscriptionId={subscriptionId} />}
      {payment.isError && <p role="alert">{errorText(payment.error)}</p>}
      {pay.isError && (
        <p role="alert" className={styles.errorBox}>
          {errorText(pay.error)}
        </p>
      )}
      {p && (
        <>
          <p className={styles.packageGold}>
            {t('gold.checkout.summary', { gold: p.gold, price: money(p.amount, p.currency as GoldCurrency) })}
          </p>
          {p.state === 'paid' ? (
            <p role="status" className={styles.infoBox} data-testid="checkout-done">
              {t('gold.checkout.done', { gold: p.gold })}
            </p>
          ) : (
            <div className={styles.giftButtons}>
              <Button onClick={() => pay.mutate()} disabled={pay.isPending} data-testid="checkout-pay">
                {t('gold.checkout.pay')}
              </Button>
              <Link to={GOLD_SHOP_PATH} className={buttonClass('secondary')}>
                {t('gold.checkout.cancel')}
              </Link>
            </div>
          )}
        </>
      )}
    </div>
  );
}

export function Component() {
  return (
    <RequireLogin>
      <CheckoutPage />
    </RequireLogin>
  );
}
