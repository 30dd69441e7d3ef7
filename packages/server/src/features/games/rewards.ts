import type { GameReward } from '@tertulia/contract';
import type { Deps } from '../../deps';
import type { UserRow } from '../../http/context';
import { ApiError, forbidden } from '../../http/errors';
import { member, system } from '../../ledger/ledger';
import type { GameRow } from './catalogue-store';
import { rewardStore } from './reward-store';

const DAY_MS = 86_400_000;

/**
 * Rewards a game grants its player (docs/games.md, "Rewards"): only games with credsIntegrated,
 * in the game's currency, through the ledger (one transfer per idempotency key) and never past
 * the game's daily cap for the member (a conditional update in the same transaction).
 */
export function rewardUseCases(deps: Pick<Deps, 'db' | 'ledger'>, clock: () => number = Date.now) {
  const store = rewardStore(deps.db);

  return {
    async grant(
      user: UserRow,
      game: GameRow,
      p: { amount: number; reason: string; idempotencyKey: string },
    ): Promise<GameReward> {
      if (!game.creds_integrated || game.daily_reward_cap <= 0) throw forbidden('games.rewardsOff');
      const reason = p.reason.trim();
      const currency = game.reward_currency === 'love' ? 'love' : 'gold';
      const day = Math.floor(clock() / DAY_MS);
      const { result } = await deps.ledger.run(
        {
          key: `game-reward:${game.id}:${user.id}:${p.idempotencyKey}`,
          fingerprint: `game-reward:${game.id}:${user.id}:${p.amount}:${reason}`,
          kind: 'game-reward',
          actorId: user.id,
          reason: `${game.name}: ${reason}`,
        },
        async (trx, move) => {
          const within = await store.claimWithinCap(trx, {
            gameId: game.id,
            userId: user.id,
            day,
            amount: p.amount,
            cap: game.daily_reward_cap,
          });
          if (!within)
            throw new ApiError('ApiConflictException', 'games.rewardCap', { cap: game.daily_reward_cap });
          await move([
            { from: system(`games:${game.id}`, currency), to: member(user.id, currency), amount: p.amount },
          ]);
          const now = clock();
          const id = await store.insert(trx, {
            gameId: game.id,
            userId: user.id,
            amount: p.amount,
            currency,
            reason,
            now,
          });
          return {
            id,
            gameId: game.id,
            userId: user.id,
            amount: p.amount,
            currency,
            reason,
            creationTime: now,
          } satisfies GameReward;
        },
      );
      return result;
    },

    /** A member's rewards from a game: their own, or anyone's for an admin. */
    async history(
      viewer: UserRow,
      userId: number,
      gameId: number,
      page: number,
      limit: number,
    ): Promise<GameReward[]> {
      if (viewer.id !== userId && !viewer.is_admin) throw forbidden('games.rewardsNotYours');
      const rows = await store.history(userId, gameId, limit, (page - 1) * limit);
      return rows.map((r) => ({
        id: r.id,
        gameId: r.game_id,
        userId: r.user_id,
        amount: r.amount,
        currency: r.currency,
        reason: r.reason,
        creationTime: r.created_at,
      }));
    },
  };
}
