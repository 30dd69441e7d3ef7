import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PremiumOffer } from '@tertulia/contract';
import { buyPremiumAccess, refreshPremium, usePremiumOffers } from '../../api/areas/gold';
import { useIdempotencyKey } from '../../api/useIdempotencyKey';
import { useI18n } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { openDialog } from '../../ui/dialog/dialogStore';
import { errorText } from '../../ui/errors/handleError';
import { vipWelcomeDialog } from './dialogs';
import styles from './Premium.module.css';
import './texts';

/**
 * The gold offers of one product (VIP or a feature), each with its buy button. A purchase keeps
 * its idempotency key until it succeeds, so a double click or a retry pays once. Buying VIP ends
 * with the welcome dialog.
 */
export function GoldOffers({ feature, onBought }: { feature: string; onBought?: () => void }) {
  const { t } = useI18n();
  const offers = usePremiumOffers();
  const queryClient = useQueryClient();
  const keys = useIdempotencyKey();
  const asked = (offer: PremiumOffer) => ({ feature: feature as 'VIP', offer: offer.offer });
  const buy = useMutation({
    mutationFn: (offer: PremiumOffer) => buyPremiumAccess(keys.withKey(asked(offer))),
    meta: { silent: true },
    onSuccess: async (_config, offer) => {
      keys.succeeded(asked(offer));
      await refreshPremium(queryClient);
      if (feature === 'VIP') openDialog(vipWelcomeDialog, {});
      onBought?.();
    },
  });
  const mine = offers.data?.filter((o) => o.feature === feature) ?? [];
  return (
    <div className={styles.offers}>
      {buy.isError && (
        <p role="alert" className={styles.errorBox}>
          {errorText(buy.error)}
        </p>
      )}
      <ul className={styles.offerList}>
        {mine.map((offer) => (
          <li key={offer.offer} className={styles.offer} data-testid={`offer-${offer.offer}`}>
            <span className={styles.offerTitle}>{offer.title}</span>
            <span className={styles.offerPrice}>{t('premium.price', { price: offer.price })}</span>
            <Button variant="secondary" onClick={() => buy.mutate(offer)} disabled={buy.isPending}>
              {feature === 'VIP' ? t('vip.buy', { price: offer.price }) : t('premium.buy')}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
