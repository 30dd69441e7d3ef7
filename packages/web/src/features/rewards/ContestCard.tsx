import type { Contest } from '@tertulia/contract';
import { Link } from 'react-router';
import { useI18n } from '../../i18n/i18n';
import { PATHS } from '../../ui/paths';
import { useNow, useTimeZone } from '../../ui/time/clock';
import styles from './Contests.module.css';
import './texts';

/** "500 de oro · 200 de oro" or "50 gemas": a contest's pool by place. */
export function usePoolText() {
  const { t } = useI18n();
  return (c: Pick<Contest, 'prizes' | 'currency'>) =>
    (c.prizes ?? [])
      .map((amount) => t(c.currency === 'gems' ? 'rewards.prize.gems' : 'rewards.prize.gold', { amount }))
      .join(' · ');
}

/** When a contest ends or ended, in the reader's language, on the page's clock (ui/time/clock.ts). */
export function useEndText() {
  const { t, locale } = useI18n();
  const now = useNow();
  const timeZone = useTimeZone();
  return (c: Pick<Contest, 'expiration'>) => {
    const at = c.expiration ?? 0;
    const when = new Date(at).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone });
    return t(at > now ? 'rewards.contest.endsAt' : 'rewards.contest.endedAt', { when });
  };
}

/** A contest in a list, a chat line or a message: what it is, what it pays, when it ends. */
export function ContestCard({ contest, inline = false }: { contest: Contest; inline?: boolean }) {
  const { t } = useI18n();
  const pool = usePoolText();
  const ends = useEndText();
  const now = useNow();
  const open = !contest.settled && (contest.expiration ?? 0) > now;
  return (
    <Link
      to={PATHS.contest(contest.id)}
      className={inline ? styles.inline : styles.card}
      data-testid="contest-card"
    >
      <span className={styles.title}>
        🏆 {contest.name}
        {contest.cancelled ? (
          <span className={styles.cancelled}>{t('rewards.contest.cancelled')}</span>
        ) : (
          <span className={open ? styles.open : styles.badge}>
            {t(open ? 'rewards.contest.open' : 'rewards.contest.closed')}
          </span>
        )}
      </span>
      <span>{t(contest.type === 'top' ? 'rewards.contest.kind.top' : 'rewards.contest.kind.random')}</span>
      <span className={styles.meta}>
        {t('rewards.contest.pool', { pool: pool(contest) })} · {ends(contest)}
        {contest.entrants !== undefined && contest.type === 'random'
          ? ` · ${t('rewards.contest.entrants', { count: contest.entrants })}`
          : ''}
      </span>
    </Link>
  );
}
