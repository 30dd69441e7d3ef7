import type { Kysely } from 'kysely';
import type { Db } from '../../db/index';
import type { Database } from '../../db/schema';

/** Bans, roles and hand verification: the writes to a member's standing. */
export function bansStore(db: Db) {
  return {
    async ban(trx: Kysely<Database>, userId: number, values: { until: number; reason: string; now: number }) {
      await trx
        .updateTable('users')
        .set({ banned_at: values.now, ban_until: values.until, ban_reason: values.reason })
        .where('id', '=', userId)
        .execute();
    },

    /** Lifts a ban (not the hiding of a deleted account, which also sets banned_at). */
    async unban(trx: Kysely<Database>, userId: number) {
      await trx
        .updateTable('users')
        .set({ banned_at: 0, ban_until: 0, ban_reason: null })
        .where('id', '=', userId)
        .where('deleted_at', '=', 0)
        .execute();
    },

    /** Lifts a timed ban only if it has ended by `now`; whether it did (a racing lift finds nothing). */
    async unbanEnded(trx: Kysely<Database>, userId: number, now: number): Promise<boolean> {
      const result = await trx
        .updateTable('users')
        .set({ banned_at: 0, ban_until: 0, ban_reason: null })
        .where('id', '=', userId)
        .where('deleted_at', '=', 0)
        .where('banned_at', '>', 0)
        .where('ban_until', '>', 0)
        .where('ban_until', '<=', now)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Members whose timed ban has ended by `now`. */
    async expiredBans(now: number): Promise<number[]> {
      const rows = await db
        .selectFrom('users')
        .select('id')
        .where('ban_until', '>', 0)
        .where('ban_until', '<=', now)
        .where('banned_at', '>', 0)
        .limit(500)
        .execute();
      return rows.map((r) => r.id);
    },

    async setRole(trx: Kysely<Database>, userId: number, role: { admin: boolean; moderator: boolean }) {
      await trx
        .updateTable('users')
        .set({ is_admin: role.admin ? 1 : 0, is_moderator: role.moderator ? 1 : 0 })
        .where('id', '=', userId)
        .execute();
    },

    async verify(trx: Kysely<Database>, userId: number) {
      await trx.updateTable('users').set({ verified: 1 }).where('id', '=', userId).execute();
    },
  };
}
