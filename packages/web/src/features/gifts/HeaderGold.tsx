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
  if (!user || gold.data === undefined) return null;
  return (
    <Link to={PATHS.giftsAccount} className={styles.headerGold} data-testid="header-gold">
      {t('gold.header', { gold: gold.data })}
    </Link>
  );
}
