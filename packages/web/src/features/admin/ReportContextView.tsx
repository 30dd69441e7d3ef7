import type { ReportContext } from '@tertulia/contract';
import { Link } from 'react-router';
import { useI18n } from '../../i18n/i18n';
import styles from './Admin.module.css';
import { useDateFormat } from './AdminFrame';
import './texts';

/** A report's target as its kind's provider drew it; an unknown kind shows its raw fields. */
export function ReportContextView({ context }: { context: ReportContext }) {
  const { t } = useI18n();
  const date = useDateFormat();
  if (context.gone) return <p className={styles.muted}>{t('admin.gone')}</p>;
  if (context.type === 'chatLines') {
    if (!context.lines?.length) return <p className={styles.muted}>{t('admin.noLines')}</p>;
    return (
      <ol className={styles.lines} aria-label={context.lines[0].room}>
        {context.lines.map((line) => (
          <li
            key={`${line.timestamp}-${line.sender}-${line.message}`}
            className={line.reported ? styles.reportedLine : ''}
          >
            <span className={styles.muted}>
              {line.room} · {date(line.timestamp)}
            </span>{' '}
            <b>{line.sender}</b>: {line.message}
          </li>
        ))}
      </ol>
    );
  }
  if (context.type === 'raw' || !(context.title || context.text || context.image)) {
    return (
      <dl className={styles.raw} aria-label={t('admin.rawFields')}>
        {Object.entries(context.fields ?? {}).map(([key, value]) => (
          <div key={key}>
            <dt>{key}</dt>
            <dd>{value === null || value === undefined ? '—' : String(value)}</dd>
          </div>
        ))}
      </dl>
    );
  }
  return (
    <div className={styles.target}>
      {context.image && <img src={context.image} alt="" className={styles.targetImage} loading="lazy" />}
      <div>
        {context.title && <p className={styles.targetTitle}>{context.title}</p>}
        {context.text && <p className={styles.targetText}>{context.text}</p>}
        {context.link && (
          <Link to={context.link}>
            {t(context.type === 'photo' ? 'admin.viewPhoto' : 'admin.viewProfile')}
          </Link>
        )}
      </div>
    </div>
  );
}
