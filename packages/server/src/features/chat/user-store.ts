import type { Db } from '../../db/index';
import type { UserRow } from '../../http/context';

/** What chat reads and writes of member rows: lookups, the site-wide chat gag, chat reports. */
export function userStore(db: Db) {
  return {
    byIds(ids: number[]): Promise<UserRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db.selectFrom('users').selectAll().where('id', 'in', ids).execute();
    },

    byNames(names: string[]): Promise<UserRow[]> {
      return db
        .selectFrom('users')
        .selectAll()
        .where(
          'name_lower',
          'in',
          names.map((n) => n.toLowerCase()),
        )
        .execute();
    },

    /** The site-wide chat gag on the member (admins only: moderation.ts). */
    async setSiteGag(userId: number, until: number): Promise<void> {
      await db.updateTable('users').set({ chat_gag_until: until }).where('id', '=', userId).execute();
    },

    async siteGagUntil(userId: number): Promise<number> {
      const row = await db
        .selectFrom('users')
        .select('chat_gag_until')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.chat_gag_until);
    },
  };
}
export type UserStore = ReturnType<typeof userStore>;
