import { useState } from 'react';
import { type TopPeriod, useTopStreamers } from '../../api/areas/live';
import { useI18n } from '../../i18n/i18n';
import { Avatar } from '../../ui/member/Avatar';
import { UserLink } from '../../ui/member/UserLink';
import styles from './TopStreamers.module.css';
import './texts';

const PERIODS: TopPeriod[] = ['day', 'week', 'all'];

/**
 * The streamers who received the most diamonds today, this week or ever
 * (live/getTopStreamers.do), shown in the studio while off air and on a member's off-air page.
 */
export function TopStreamers() {
  const { t } = useI18n();
  const [period, setPeriod] = useState<TopPeriod>('week');
  const top = useTopStreamers(period);
  const rows = (top.data ?? []).filter((s) => s.user);
  return (
    <section className={styles.panel} aria-labelledby="live-top-title" data-testid="live-top">
      <h2 id="live-top-title" className={styles.title}>
        {t('live.top.title')}
      </h2>
      <div className={styles.periods}>
        {PERIODS.map((p) => (
          <button
            key={p}
            type="button"
            className={styles.period}
            aria-pressed={p === period}
            onClick={() => setPeriod(p)}
          >
            {t(`live.top.${p}`)}
          </button>
        ))}
      </div>
      {!top.isPending && rows.length === 0 ? (
        <p className={styles.none}>{t('live.top.none')}</p>
      ) : (
        <ol className={styles.list}>
          {rows.map((s, i) => (
            <li key={s.user!.uid} className={styles.row} data-testid="live-top-row">
              <span className={styles.rank}>{i + 1}</span>
              <Avatar user={s.user!} size={40} showPresence={false} />
              <span className={styles.name}>
                <UserLink user={s.user!} />
              </span>
              <span className={styles.diamonds}>{t('live.diamonds', { count: s.diamonds ?? 0 })}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
