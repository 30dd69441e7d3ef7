import type { HouseAd } from '@tertulia/contract';
import { Link } from 'react-router';
import { useI18n } from '../../i18n/i18n';
import { openDialog } from '../../ui/dialog/dialogStore';
import { adReportDialog } from './dialogs';
import styles from './Premium.module.css';
import './texts';

/**
 * One house ad: a picture (fixed size, so it never moves what is around it) or a tone drawn from
 * the title, its text and link. Our pages open in the app; other sites in a new tab, marked
 * sponsored. No script is loaded for an ad. `code` is the house ad id, for reportAd.do.
 */
export function AdCard({
  ad,
  position,
  variant,
}: {
  ad: HouseAd;
  position: string;
  variant: 'side' | 'feed';
}) {
  const { t } = useI18n();
  const body = (
    <>
      {ad.image && (
        <img className={styles.adImage} src={ad.image} alt="" width={96} height={96} loading="lazy" />
      )}
      <span className={styles.adText}>
        <strong className={styles.adTitle}>{ad.title}</strong>
        <span className={styles.adBody}>{ad.body}</span>
      </span>
    </>
  );
  const tone = Math.abs(ad.id) % 3;
  return (
    <div className={styles.ad} data-variant={variant} data-tone={tone} data-testid={`ad-${variant}`}>
      <div className={styles.adHead}>
        {/* The side column has its own label above its ads. */}
        {variant === 'feed' && <span className={styles.adLabel}>{t('ad.label')}</span>}
        {ad.id > 0 && (
          <button
            type="button"
            className={styles.adReport}
            onClick={() => openDialog(adReportDialog, { code: String(ad.id), position, source: 'house' })}
          >
            {t('ad.report')}
          </button>
        )}
      </div>
      {ad.link.startsWith('/') ? (
        <Link to={ad.link} className={styles.adLink}>
          {body}
        </Link>
      ) : (
        <a href={ad.link} className={styles.adLink} target="_blank" rel="sponsored noopener noreferrer">
          {body}
        </a>
      )}
    </div>
  );
}
