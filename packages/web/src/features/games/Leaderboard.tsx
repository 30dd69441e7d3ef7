import type { LeaderboardScope } from '@tertulia/games-sdk/protocol';
import { LEADERBOARD_SCOPES } from '@tertulia/games-sdk/protocol';
import { useState } from 'react';
import { useSession } from '../../api/areas/user';
import { type MessageKey, useI18n } from '../../i18n/i18n';
import { Avatar } from '../../ui/member/Avatar';
import { UserLink } from '../../ui/member/UserLink';
import styles from './Games.module.css';
import { useLeaderboard } from './queries';
import './texts';

/** A game's leaderboards: friends, everyone, this week (tabs). */
export function Leaderboard({ gid }: { gid: number }) {
  const { t } = useI18n();
  const { user } = useSession();
  const [scope, setScope] = useState<LeaderboardScope>('friends');
  const { data, isPending, isError } = useLeaderboard(gid, scope);
  const rows = data ?? [];
  return (
    <section className={styles.section} aria-labelledby="game-board" data-testid="game-leaderboard">
      <h2 id="game-board">{t('games.leaderboard')}</h2>
      <fieldset className={styles.filters}>
        <legend className="visually-hidden">{t('games.leaderboard')}</legend>
        {LEADERBOARD_SCOPES.map((s) => (
          <button
            key={s}
            type="button"
            className={styles.filter}
            aria-pressed={scope === s}
            onClick={() => setScope(s)}
            data-testid={`board-${s}`}
          >
            {t(`games.board.${s}` as MessageKey)}
          </button>
        ))}
      </fieldset>
      {isPending ? (
        <p className={styles.empty}>{t('app.loading')}</p>
      ) : isError ? (
        <p className={styles.empty}>{t('error.default')}</p>
      ) : !rows.length ? (
        <p className={styles.empty}>{t('games.board.empty')}</p>
      ) : (
        <table className={styles.board}>
          <thead>
            <tr>
              <th scope="col">{t('games.board.rank')}</th>
              <th scope="col">{t('games.board.player')}</th>
              <th scope="col">{t('games.board.score')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => (
              <tr key={`${row.userId}-${row.timestamp}`} data-me={row.userId === user?.uid || undefined}>
                <td>{row.rank ?? i + 1}</td>
                <td>
                  <span className={styles.who}>
                    <Avatar
                      user={{ name: row.userName, image1: row.userImage1 }}
                      size={28}
                      showPresence={false}
                    />
                    <UserLink user={{ uid: row.userId ?? 0, name: row.userName }} />
                  </span>
                </td>
                <td>{row.scoreFormatted ?? row.score}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
