import type { Selectable } from 'kysely';
import type { Db } from '../../db/index';
import type { GameTokensTable } from '../../db/schema-games';

export type GameTokenRow = Selectable<GameTokensTable>;

/** Game tokens' SQL: only hashes are stored (docs/games.md, "Tokens"). */
export function tokenStore(db: Db) {
  return {
    async insert(row: GameTokenRow): Promise<void> {
      await db.insertInto('game_tokens').values(row).execute();
    },

    byHash(hash: string): Promise<GameTokenRow | undefined> {
      return db.selectFrom('game_tokens').selectAll().where('token_hash', '=', hash).executeTakeFirst();
    },

    /** Pushes a live token's expiry on; false when it had expired (a conditional write). */
    async extend(hash: string, expiresAt: number, now: number): Promise<boolean> {
      const r = await db
        .updateTable('game_tokens')
        .set({ expires_at: expiresAt })
        .where('token_hash', '=', hash)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    async deleteExpired(now: number): Promise<void> {
      await db.deleteFrom('game_tokens').where('expires_at', '<=', now).execute();
    },

    async deleteForGame(gameId: number): Promise<void> {
      await db.deleteFrom('game_tokens').where('game_id', '=', gameId).execute();
    },
  };
}
