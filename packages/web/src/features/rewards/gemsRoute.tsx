import { GEM_OFFERS } from '@tertulia/contract';
import { useExchangeGems, useGems } from '../../api/areas/rewards';
import { useI18n } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { openDialog } from '../../ui/dialog/dialogStore';
import { errorText } from '../../ui/errors/handleError';
import pageStyles from '../../ui/Page.module.css';
import { RequireLogin } from '../../ui/RequireLogin';
import { usePageTitle } from '../../ui/title/pageTitle';
import { toast } from '../../ui/toast/toastStore';
import { rewardDialog } from './dialogs';
import styles from './Rewards.module.css';
import './texts';

/** gift/getGems.do and the exchanges: gems for gold at the published offers. */
function GemsPage() {
  const { t } = useI18n();
  const gems = useGems();
  const exchange = useExchangeGems();
  usePageTitle(t('rewards.gems.title'));
  const g = gems.data;
  return (
    <div className={pageStyles.page}>
      <h1>{t('rewards.gems.title')}</h1>
      <p className={pageStyles.lead}>{t('rewards.gems.lead')}</p>
      {gems.isError && <p role="alert">{errorText(gems.error)}</p>}
      {g && (
        <>
          <p className={styles.balance} data-testid="gems-balance">
            {t('rewards.gems.balance', { gems: g.gems, gold: g.gold })}
          </p>
          <h2>{t('rewards.gems.offers')}</h2>
          <ul className={styles.offers}>
            {GEM_OFFERS.map((o) => (
              <li key={o.key} className={styles.offer}>
                <span>
                  {o.vipDays
                    ? t('rewards.gems.offerVip', { gems: o.gems, days: o.vipDays })
                    : t('rewards.gems.offer', { gems: o.gems, gold: o.gold })}
                </span>
                {g.gems >= o.gems ? (
                  <Button
                    disabled={exchange.isPending}
                    onClick={() =>
                      exchange.mutate(o.key, {
                        // The gold bonus/reward dialog tells what the gems became.
                        onSuccess: () =>
                          openDialog(rewardDialog, {
                            kind: 'exchange',
                            amount: o.vipDays ? o.vipDays : o.gold,
                            currency: o.vipDays ? 'vipDays' : 'gold',
                          }),
                        onError: (error) => toast.error(errorText(error)),
                      })
                    }
                  >
                    {t('rewards.gems.exchange')}
                  </Button>
                ) : (
                  <span className={styles.muted}>
                    {t('rewards.gems.short', { missing: o.gems - g.gems })}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

export function Component() {
  return (
    <RequireLogin>
      <GemsPage />
    </RequireLogin>
  );
}
