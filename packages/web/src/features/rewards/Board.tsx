import type { LeaderboardEntry } from '@tertulia/contract';
import { useI18n } from '../../i18n/i18n';
import { Avatar } from '../../ui/member/Avatar';
import { UserLink } from '../../ui/member/UserLink';
import styles from './Rewards.module.css';
import './texts';

/** One ranked line; the member's own line is highlighted and says so. */
export function BoardRow({ entry, mine }: { entry: LeaderboardEntry; mine: boolean }) {
  const { t } = useI18n();
  const user = entry.user;
  if (!user) return null;
  const top = (entry.rank ?? 99) <= 3;
  return (
    <li
      className={[styles.row, mine ? styles.mine : '', top ? styles.top : ''].join(' ')}
      aria-current={mine ? 'true' : undefined}
      data-testid={mine ? 'board-mine' : 'board-row'}
    >
      <span className={styles.rank}>{entry.rank}</span>
      <Avatar user={user} size={40} />
      <span className={styles.name}>
        <UserLink user={user} />
        {mine && <span className={styles.you}>{t('rewards.boards.you')}</span>}
      </span>
      <span className={styles.score}>{t('rewards.boards.score', { score: entry.score ?? 0 })}</span>
    </li>
  );
}
