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

    /** A member reported from a room: a row of the moderators' report queue, of kind 'chat'. */
    async insertReport(values: { reporter: number; reported: number; comment?: string; now: number }) {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('reports')
          .values({
            reporter_id: values.reporter,
            reported_id: values.reported,
            kind: 'chat',
            item_id: null,
            comment: values.comment ?? null,
            url: null,
            created_at: values.now,
          })
          .execute();
        // The member's distinct reporters, as people's reports keep them (docs/member-fields.md).
        const row = await trx
          .selectFrom('reports')
          .select((eb) => eb.fn.count<number>('reporter_id').distinct().as('n'))
          .where('reported_id', '=', values.reported)
          .executeTakeFirstOrThrow();
        await trx
          .updateTable('users')
          .set({ reporters_count: Number(row.n) })
          .where('id', '=', values.reported)
          .execute();
      });
    },
  };
}
export type UserStore = ReturnType<typeof userStore>;
