import type { Insertable } from 'kysely';
import type { Db } from '../db/index';
import type { SessionsTable } from '../db/schema';

/** SQL for sessions (http/session.ts): the rows, and the member row a live session brings. */
export function sessionStore(db: Db) {
  return {
    async insert(values: Insertable<SessionsTable>): Promise<void> {
      await db.insertInto('sessions').values(values).execute();
    },

    /** The session's member row (not banned) with the session's expiry fields. */
    withMember(idHash: string) {
      return db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .selectAll('users')
        .select(['sessions.expires_at', 'sessions.last_seen', 'sessions.remember'])
        .where('sessions.id_hash', '=', idHash)
        .where('users.banned_at', '=', 0)
        .executeTakeFirst();
    },

    /** Slides the session's expiry and records the member's last access. */
    async touch(idHash: string, userId: number, now: number, expiresAt: number): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ last_seen: now, expires_at: expiresAt })
        .where('id_hash', '=', idHash)
        .execute();
      await db.updateTable('users').set({ last_access: now }).where('id', '=', userId).execute();
    },

    async delete(idHash: string): Promise<void> {
      await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
    },

    /** Of these hashes, those of sessions live at `now` whose member is not banned. */
    async live(idHashes: string[], now: number): Promise<string[]> {
      const rows = await db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select('sessions.id_hash')
        .where('sessions.id_hash', 'in', idHashes)
        .where('sessions.expires_at', '>', now)
        .where('users.banned_at', '=', 0)
        .execute();
      return rows.map((r) => r.id_hash);
    },

    async deleteAllOf(userId: number): Promise<void> {
      await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
    },

    async deleteExpired(now: number): Promise<void> {
      await db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
    },
  };
}
