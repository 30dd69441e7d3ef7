import { GiftLeaderboardType, LEADERBOARD_WINDOWS } from '@tertulia/contract';
import { useSearchParams } from 'react-router';
import { useLeaderboard, useLeaderboardScore, useLimitedTimeBoards } from '../../api/areas/rewards';
import { useSession } from '../../api/areas/user';
import { type MessageKey, useI18n } from '../../i18n/i18n';
import { errorText } from '../../ui/errors/handleError';
import pageStyles from '../../ui/Page.module.css';
import { RequireLogin } from '../../ui/RequireLogin';
import { usePageTitle } from '../../ui/title/pageTitle';
import { BoardRow } from './Board';
import styles from './Rewards.module.css';
import './texts';

const TYPES = Object.values(GiftLeaderboardType);

/** The member's own all-time score and rank on this board (gift/getLeaderboardScore.do). */
function MyAllTimeScore({ userId, type }: { userId: number; type: GiftLeaderboardType }) {
  const { t } = useI18n();
  const score = useLeaderboardScore(userId, type);
  const entry = score.data?.[0];
  if (!entry) return null;
  return (
    <p className={styles.allTime} data-testid="my-score" role="status">
      <span>{t(`rewards.boards.allTime.${type}` as MessageKey)}</span>
      <strong>{t('rewards.boards.allTimeScore', { score: entry.score ?? 0 })}</strong>
      {/* Unranked is said once, beside the board below. */}
      {!!entry.rank && <span>{t('rewards.boards.allTimeRank', { rank: entry.rank })}</span>}
    </p>
  );
}
const PAGE_SIZE = 50;
const dateOf = (ms: number | undefined, locale: string) =>
  ms ? new Date(ms).toLocaleDateString(locale, { day: 'numeric', month: 'short' }) : '';

/**
 * gift/getLeaderboard.do: top gifters or receivers today, this week, this month, of all time or
 * of a limited-time event. The member's own line is highlighted; below the top they see their rank.
 */
function LeaderboardsPage() {
  const { t, locale } = useI18n();
  const { user } = useSession();
  const [search, setSearch] = useSearchParams();
  const type = TYPES.find((v) => v === search.get('type')) ?? GiftLeaderboardType.GIFTERS;
  const event = search.get('event') ?? undefined;
  const days = event ? 0 : Number(search.get('days') ?? 7);
  const events = useLimitedTimeBoards();
  const base = { type, ...(event ? { event } : days ? { days } : {}) };
  const board = useLeaderboard({ ...base, resultsPerPage: PAGE_SIZE });
  const mine = useLeaderboard({ ...base, nearMe: true, resultsPerPage: 1 });
  usePageTitle(t('rewards.boards.title'));

  const choose = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(search);
    for (const [k, v] of Object.entries(changes)) {
      if (v === undefined) next.delete(k);
      else next.set(k, v);
    }
    setSearch(next, { replace: true });
  };
  const rows = board.data ?? [];
  const own = mine.data?.find((r) => r.user?.uid === user?.uid);
  const ownShown = rows.some((r) => r.user?.uid === user?.uid);

  return (
    <div className={pageStyles.page}>
      <h1>{t('rewards.boards.title')}</h1>
      <p className={pageStyles.lead}>{t('rewards.boards.lead')}</p>
      {user && <MyAllTimeScore userId={user.uid} type={type} />}
      <div className={styles.controls}>
        <div className={styles.segmented} role="tablist" aria-label={t('rewards.boards.type')}>
          {TYPES.map((v) => (
            <button
              key={v}
              type="button"
              role="tab"
              className={styles.segment}
              aria-selected={v === type}
              onClick={() => choose({ type: v })}
            >
              {t(`rewards.boards.type.${v}` as MessageKey)}
            </button>
          ))}
        </div>
        <div className={styles.segmented} role="tablist" aria-label={t('rewards.boards.window')}>
          {LEADERBOARD_WINDOWS.map((w) => (
            <button
              key={w}
              type="button"
              role="tab"
              className={styles.segment}
              aria-selected={!event && w === days}
              onClick={() => choose({ days: String(w), event: undefined })}
            >
              {t(`rewards.boards.window.${w}` as MessageKey)}
            </button>
          ))}
        </div>
        {!!events.data?.length && (
          <div className={styles.segmented} role="tablist" aria-label={t('rewards.boards.events')}>
            {events.data.map((e) => (
              <button
                key={e.key}
                type="button"
                role="tab"
                className={styles.segment}
                aria-selected={e.key === event}
                title={t('rewards.boards.eventDates', {
                  start: dateOf(e.startTime, locale),
                  end: dateOf(e.endTime, locale),
                })}
                onClick={() => choose({ event: e.key, days: undefined })}
              >
                {e.name}
              </button>
            ))}
          </div>
        )}
      </div>
      {board.isError ? (
        <p role="alert">{errorText(board.error)}</p>
      ) : board.isPending ? (
        <p>{t('app.loading')}</p>
      ) : rows.length === 0 ? (
        <p className={styles.muted}>{t('rewards.boards.none')}</p>
      ) : (
        <>
          {own && !ownShown && (
            <>
              <p className={styles.myRank}>{t('rewards.boards.yourRank', { rank: own.rank ?? 0 })}</p>
              <ol className={styles.board} aria-label={t('rewards.boards.yourRank', { rank: own.rank ?? 0 })}>
                <BoardRow entry={own} mine />
              </ol>
            </>
          )}
          {!own && !mine.isPending && <p className={styles.muted}>{t('rewards.boards.notRanked')}</p>}
          <ol className={styles.board} aria-label={t('rewards.boards.list')} data-testid="leaderboard">
            {rows.map((entry) => (
              <BoardRow key={entry.user?.uid} entry={entry} mine={entry.user?.uid === user?.uid} />
            ))}
          </ol>
        </>
      )}
    </div>
  );
}

export function Component() {
  return (
    <RequireLogin>
      <LeaderboardsPage />
    </RequireLogin>
  );
}
