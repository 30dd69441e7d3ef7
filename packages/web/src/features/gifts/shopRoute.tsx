import { useQuery, useQueryClient } from '@tanstack/react-query';
import { GOLD_PACKAGES, type GoldCurrency } from '@tertulia/contract';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { getPayment, goldKey, purchaseGold, useGiftCatalogue, useGold } from '../../api/areas/gift';
import { useIdempotencyKey } from '../../api/useIdempotencyKey';
import { getLocale, useI18n } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { openDialog } from '../../ui/dialog/dialogStore';
import { errorText } from '../../ui/errors/handleError';
import pageStyles from '../../ui/Page.module.css';
import { RequireLogin } from '../../ui/RequireLogin';
import { usePageTitle } from '../../ui/title/pageTitle';
import { promoDialog } from './dialogs';
import styles from './Gifts.module.css';
import { countShown, promoGifts, promoVersion, shouldAutoOpen } from './promo';
import './texts';

/** A price in cents as the member's language writes money. */
export const money = (cents: number, currency: GoldCurrency) =>
  new Intl.NumberFormat(getLocale() === 'en' ? 'en-US' : 'es-ES', {
    style: 'currency',
    currency: currency.toUpperCase(),
  }).format(cents / 100);

/** After a checkout the shop is opened again with ?payment=: it says whether the gold arrived. */
function PaymentState({ paymentId }: { paymentId: number }) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const payment = useQuery({
    queryKey: ['gold-payment', paymentId],
    queryFn: () => getPayment({ paymentId }),
    // Stripe confirms through its webhook, a moment after the browser comes back.
    refetchInterval: (query) => (query.state.data?.state === 'pending' ? 2000 : false),
  });
  if (payment.data?.state === 'paid') void queryClient.invalidateQueries({ queryKey: goldKey });
  if (!payment.data) return null;
  return (
    <p role="status" className={styles.infoBox}>
      {payment.data.state === 'paid' ? t('gold.shop.paid') : t('gold.shop.pending')}
    </p>
  );
}

/** The promo dialog's door on the shop: it opens by itself once per promotion, then by this button. */
function PromoOffer() {
  const { t } = useI18n();
  const catalogue = useGiftCatalogue();
  const version = promoVersion(promoGifts(catalogue.data ?? []));
  useEffect(() => {
    if (!shouldAutoOpen(version)) return;
    countShown(version);
    openDialog(promoDialog, {});
  }, [version]);
  if (!version) return null;
  return (
    <Button variant="secondary" onClick={() => openDialog(promoDialog, {})} data-testid="promo-open">
      {t('gifts.promo.open')}
    </Button>
  );
}

/** The gold shop: packages and prices in euros or dollars; buying opens the provider's checkout. */
function ShopPage() {
  const { t } = useI18n();
  usePageTitle(t('gold.shop.title'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const gold = useGold();
  const [currency, setCurrency] = useState<GoldCurrency>(getLocale() === 'en' ? 'usd' : 'eur');
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState<number>();
  const paymentId = Number(params.get('payment')) || undefined;
  const keys = useIdempotencyKey();

  const buy = async (amount: number) => {
    setBusy(amount);
    setError(undefined);
    try {
      // One checkout per intended purchase: a double click or a retry opens the same one.
      const asked = { gold: amount, currency };
      const checkout = await purchaseGold(keys.withKey(asked));
      keys.succeeded(asked);
      // The test provider's page is ours; Stripe's is another site.
      if (checkout.url.startsWith('/')) navigate(checkout.url);
      else window.location.assign(checkout.url);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <div className={pageStyles.page}>
      <h1>{t('gold.shop.title')}</h1>
      <p>{t('gold.shop.lead')}</p>
      <p className={styles.balance}>{t('gifts.balance', { gold: gold.data ?? 0 })}</p>
      <PromoOffer />
      {paymentId && <PaymentState paymentId={paymentId} />}
      {error !== undefined && (
        <p role="alert" className={styles.errorBox}>
          {errorText(error)}
        </p>
      )}
      <fieldset className={styles.tags} aria-label={t('gold.shop.currency')}>
        {(['eur', 'usd'] as const).map((c) => (
          <button
            key={c}
            type="button"
            aria-pressed={currency === c}
            className={styles.tag}
            onClick={() => setCurrency(c)}
          >
            {c.toUpperCase()}
          </button>
        ))}
      </fieldset>
      <ul className={styles.packages}>
        {GOLD_PACKAGES.map((pack) => (
          <li key={pack.gold} className={styles.package} data-testid="gold-package">
            <span className={styles.packageGold}>{t('gold.shop.package', { gold: pack.gold })}</span>
            <span>{money(pack[currency], currency)}</span>
            <Button onClick={() => void buy(pack.gold)} disabled={busy !== undefined}>
              {t('gold.shop.buy')}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function Component() {
  return (
    <RequireLogin>
      <ShopPage />
    </RequireLogin>
  );
}
