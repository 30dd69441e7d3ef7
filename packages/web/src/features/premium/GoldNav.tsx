import { NavLink } from 'react-router';
import { useGold } from '../../api/areas/gift';
import { type MessageKey, useI18n } from '../../i18n/i18n';
import styles from './Premium.module.css';
import { GOLD_PATHS } from './rules';
import '../gifts/texts';
import './texts';

const SECTIONS: readonly [string, MessageKey][] = [
  [GOLD_PATHS.home, 'gold.section.title'],
  [GOLD_PATHS.shop, 'gold.section.shop'],
  [GOLD_PATHS.vip, 'gold.section.vip'],
  [GOLD_PATHS.features, 'gold.section.features'],
  [GOLD_PATHS.spotlights, 'gold.section.spotlights'],
  [GOLD_PATHS.history, 'gold.section.history'],
];

/** The gold section's own navigation and the balance, on each of its pages. */
export function GoldNav() {
  const { t } = useI18n();
  const gold = useGold();
  return (
    <div className={styles.goldNav}>
      <nav aria-label={t('gold.section.nav')}>
        <ul className={styles.goldTabs}>
          {SECTIONS.map(([to, label]) => (
            <li key={to}>
              <NavLink to={to} end className={styles.goldTab}>
                {t(label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <p className={styles.balance} data-testid="gold-balance">
        {t('gifts.balance', { gold: gold.data ?? 0 })}
      </p>
    </div>
  );
}
