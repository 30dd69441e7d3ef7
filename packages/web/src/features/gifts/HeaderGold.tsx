import { Link } from 'react-router';
import { useGold } from '../../api/areas/gift';
import { useSession } from '../../api/areas/user';
import { formatCount, useI18n } from '../../i18n/i18n';
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
  // On phones the pill shows a coin and the number; the unit is read out and shown from 481 px.
  return (
    <Link
      to={PATHS.giftsAccount}
      className={styles.headerGold}
      data-testid="header-gold"
      // The name holds the visible text as shown ("10.000 de oro"), which axe's
      // label-content-name-mismatch (and voice control) match against.
      aria-label={t('gold.header', { gold: formatCount(gold.data) })}
    >
      <svg className={styles.coin} aria-hidden="true" viewBox="0 0 16 16" width="14" height="14">
        <circle cx="8" cy="8" r="7" fill="currentColor" opacity="0.25" />
        <circle cx="8" cy="8" r="4.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
      </svg>
      {/* The space outside the unit's span: axe reads the visible text span by span, trimmed, and
          " de oro" inside it read as "550de oro", not the name's "550 de oro". */}
      {formatCount(gold.data)} <span className={styles.goldUnit}>{t('gold.unit')}</span>
    </Link>
  );
}
