import type { Kysely } from 'kysely';
import type { Db } from '../../db/index';
import type { Database } from '../../db/schema';

/** Rewards games granted and their daily totals (docs/games.md, "Rewards"). */
export function rewardStore(db: Db) {
  return {
    /**
     * Adds `amount` to the member's total for the game and day unless it would pass `cap`: one
     * conditional update in the reward's transaction, so concurrent grants never pass the cap.
     */
    async claimWithinCap(
      trx: Kysely<Database>,
      g: { gameId: number; userId: number; day: number; amount: number; cap: number },
    ) {
      await trx
        .insertInto('game_reward_days')
        .values({ game_id: g.gameId, user_id: g.userId, day: g.day, granted: 0 })
        .onConflict((oc) => oc.columns(['game_id', 'user_id', 'day']).doNothing())
        .execute();
      const r = await trx
        .updateTable('game_reward_days')
        .set((eb) => ({ granted: eb('granted', '+', g.amount) }))
        .where('game_id', '=', g.gameId)
        .where('user_id', '=', g.userId)
        .where('day', '=', g.day)
        .where((eb) => eb(eb('granted', '+', g.amount), '<=', g.cap))
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    async grantedOn(gameId: number, userId: number, day: number): Promise<number> {
      const row = await db
        .selectFrom('game_reward_days')
        .select('granted')
        .where('game_id', '=', gameId)
        .where('user_id', '=', userId)
        .where('day', '=', day)
        .executeTakeFirst();
      return row?.granted ?? 0;
    },

    async insert(
      trx: Kysely<Database>,
      r: { gameId: number; userId: number; amount: number; currency: string; reason: string; now: number },
    ): Promise<number> {
      const row = await trx
        .insertInto('game_rewards')
        .values({
          game_id: r.gameId,
          user_id: r.userId,
          amount: r.amount,
          currency: r.currency,
          reason: r.reason,
          created_at: r.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    history(userId: number, gameId: number, limit: number, offset: number) {
      return db
        .selectFrom('game_rewards')
        .selectAll()
        .where('user_id', '=', userId)
        .where('game_id', '=', gameId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },
  };
}
