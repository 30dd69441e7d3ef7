import { Link } from 'react-router';
import { useI18n } from '../../i18n/i18n';
import styles from './AdColumn.module.css';
import { HOUSE_ADS } from './houseAds';

/** A sticky side column of house ads (hidden on narrow screens by the layout). */
export function AdColumn({ side }: { side: 'start' | 'end' }) {
  const { t } = useI18n();
  // Start and end columns show different promotions.
  const ads = side === 'start' ? HOUSE_ADS.slice(0, 2) : HOUSE_ADS.slice(2);
  return (
    <aside className={styles.column} aria-label={t('ads.label')} data-side={side}>
      <div className={styles.sticky}>
        <p className={styles.label}>{t('ads.label')}</p>
        {ads.map((ad) => (
          <Link key={ad.id} to={ad.href} className={styles.ad} data-tone={ad.tone}>
            <strong className={styles.title}>{t(ad.title)}</strong>
            <span className={styles.body}>{t(ad.body)}</span>
            <span className={styles.cta}>{t('ads.cta')}</span>
          </Link>
        ))}
      </div>
    </aside>
  );
}
