import { useMutation, useQueryClient } from '@tanstack/react-query';
import { purchaseUserSpotlight, refreshPremium, usePremiumOffers, useSpotlights } from '../../api/areas/gold';
import { useSession } from '../../api/areas/user';
import { useIdempotencyKey } from '../../api/useIdempotencyKey';
import { useI18n } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { errorText } from '../../ui/errors/handleError';
import pageStyles from '../../ui/Page.module.css';
import { RequireLogin } from '../../ui/RequireLogin';
import { usePageTitle } from '../../ui/title/pageTitle';
import { toast } from '../../ui/toast/toastStore';
import { GoldNav } from './GoldNav';
import styles from './Premium.module.css';
import { formatHour } from './rules';
import { SpotlightStrip } from './SpotlightStrip';
import './texts';

/** Spotlights: who is featured now, and paying gold to be featured for an hour or a day. */
function SpotlightsPage() {
  const { t } = useI18n();
  usePageTitle(t('spotlight.title'));
  const { user } = useSession();
  const offers = usePremiumOffers();
  const spotlights = useSpotlights();
  const queryClient = useQueryClient();
  const keys = useIdempotencyKey();
  const buy = useMutation({
    mutationFn: (offer: string) => purchaseUserSpotlight(keys.withKey({ offer })),
    meta: { silent: true },
    onSuccess: async (_spotlight, offer) => {
      keys.succeeded({ offer });
      await refreshPremium(queryClient);
      toast.show('success', t('spotlight.bought'));
    },
  });
  const mine = spotlights.data?.find((s) => s.user?.uid === user?.uid);
  return (
    <div className={pageStyles.page}>
      <h1>{t('spotlight.title')}</h1>
      <p className={pageStyles.lead}>{t('spotlight.lead')}</p>
      <GoldNav />
      <SpotlightStrip place="home" />
      {mine && (
        <p className={styles.state} data-testid="spotlight-mine">
          {t('spotlight.you', { time: formatHour(mine.endTime) })}
        </p>
      )}
      {buy.isError && (
        <p role="alert" className={styles.errorBox}>
          {errorText(buy.error)}
        </p>
      )}
      <ul className={styles.offerList}>
        {offers.data
          ?.filter((o) => o.feature === 'SPOTLIGHT')
          .map((o) => (
            <li key={o.offer} className={styles.offer}>
              <Button onClick={() => buy.mutate(o.offer)} disabled={buy.isPending}>
                {t('spotlight.buy', { title: o.title, price: o.price })}
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
      <SpotlightsPage />
    </RequireLogin>
  );
}
