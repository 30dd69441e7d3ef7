import { GameLeaderboardType, IMAGE_PATH, type LeaderboardItem } from '@tertulia/contract';
import type { Deps } from '../../deps';
import type { UserRow } from '../../http/context';
import { ApiError, forbidden, rateLimited } from '../../http/errors';
import { socialGraph } from '../../policy/graph';
import type { GameRow } from './catalogue-store';
import type { GameModules } from './modules/registry';
import { type BoardRow, scoreStore } from './score-store';
import { formatScore } from './view';

const WEEK_MS = 7 * 86_400_000;
/** 1970-01-01 was a Thursday: Mondays fall 4 days later in the cycle. */
const MONDAY_OFFSET = 4 * 86_400_000;

/** The Monday 00:00 UTC (epoch ms) that opens the week of `now`: the weekly board's key. */
export const weekOf = (now: number) => now - ((now - MONDAY_OFFSET) % WEEK_MS);

const image = (key: string | null) => (key ? `${IMAGE_PATH}/${encodeURIComponent(key)}` : undefined);

/**
 * Scores and leaderboards (docs/games.md, "Leaderboards"): a score must lie in the game's
 * declared range and come no faster than its declared rate; a built-in game's module may refuse
 * it too. Each score counts on the all-time and the weekly board.
 */
export function scoreUseCases(
  deps: Pick<Deps, 'db' | 'limiter'>,
  modules: GameModules,
  clock: () => number = Date.now,
) {
  const store = scoreStore(deps.db);
  const graph = socialGraph(deps.db);

  const item = (game: GameRow, r: BoardRow, rank: number): LeaderboardItem => ({
    rank,
    score: r.score,
    scoreFormatted: formatScore(r.score, game.score_format),
    userId: r.user_id,
    userName: r.name,
    userImage1: image(r.image1),
    timestamp: r.scored_at,
  });

  return {
    async submit(user: UserRow, game: GameRow, score: number): Promise<LeaderboardItem> {
      if (!game.leaderboards_integrated) throw forbidden('games.noLeaderboard');
      if (score < game.score_min || score > game.score_max)
        throw new ApiError(
          'ApiValidationException',
          'games.scoreRange',
          { min: game.score_min, max: game.score_max },
          { field: 'score' },
        );
      const refusal = await modules.forGame(game)?.checkScore?.({ userId: user.id, score }, deps);
      if (refusal) throw new ApiError('ApiValidationException', 'games.scoreRefused', {}, { field: 'score' });
      const decision = await deps.limiter.hit(
        `gameScore:${game.id}:${user.id}`,
        game.scores_per_minute,
        60_000,
      );
      if (!decision.allowed) throw rateLimited(decision.retryAfterMs);
      const now = clock();
      await store.record(game.id, 0, user.id, score, now);
      await store.record(game.id, weekOf(now), user.id, score, now);
      const best = (await store.best(game.id, 0, user.id)) ?? { score, scored_at: now };
      const rank = await store.rankOf(game.id, 0, { ...best, user_id: user.id });
      return item(game, { user_id: user.id, name: user.name, image1: user.image1, ...best }, rank);
    },

    async board(
      viewer: UserRow,
      game: GameRow,
      type: string,
      page: number,
      limit: number,
    ): Promise<LeaderboardItem[]> {
      const offset = (page - 1) * limit;
      const week = type === GameLeaderboardType.WEEKLY ? weekOf(clock()) : 0;
      const only =
        type === GameLeaderboardType.FRIENDS ? [viewer.id, ...(await graph.friendIds(viewer.id))] : undefined;
      const rows = await store.board(viewer.id, game.id, week, only, limit, offset);
      return rows.map((r, i) => item(game, r, offset + i + 1));
    },
  };
}
