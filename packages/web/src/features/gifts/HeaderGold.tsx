import { Link } from 'react-router';
import { useGold } from '../../api/areas/gift';
import { useSession } from '../../api/areas/user';
import { useI18n } from '../../i18n/i18n';
import { PATHS } from '../../ui/paths';
import styles from './Gifts.module.css';

/** The member's gold in the header (premiumfeature/fetchMocoGoldBalance.do); it opens the gift account. */
export function HeaderGold() {
  const { t } = useI18n();
  const { user } = useSession();
  const gold = useGold(!!user);
  if (!user) return null;
  // Until the balance arrives, a hidden box of about the same width keeps the header's icons
  // where they will be (the e2e CLS check saw them move when it appeared, docs/premium.md).
  if (gold.data === undefined)
    return (
      <span className={styles.headerGold} aria-hidden="true" style={{ visibility: 'hidden' }}>
        {t('gold.header', { gold: 100 })}
      </span>
    );
  return (
    <Link to={PATHS.giftsAccount} className={styles.headerGold} data-testid="header-gold">
      {t('gold.header', { gold: gold.data })}
    </Link>
  );
}
