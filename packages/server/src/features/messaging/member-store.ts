import type { Db } from '../../db/index';

/** The few reads and writes of member rows messaging makes itself (names, senders, IM colours). */
export function memberStore(db: Db) {
  return {
    /** Ids of the members with these lower-case names (unknown names are simply missing). */
    async idsByNames(namesLower: string[]): Promise<number[]> {
      if (namesLower.length === 0) return [];
      const rows = await db.selectFrom('users').select('id').where('name_lower', 'in', namesLower).execute();
      return rows.map((r) => r.id);
    },

    /** Member rows by id (for presenting senders and recipients). */
    byIds(ids: number[]) {
      return db
        .selectFrom('users')
        .selectAll()
        .where('id', 'in', [...new Set(ids), 0])
        .execute();
    },

    async setImColor(userId: number, which: 'im_color' | 'im_bg_color', color: string) {
      await db
        .updateTable('users')
        .set(which === 'im_color' ? { im_color: color } : { im_bg_color: color })
        .where('id', '=', userId)
        .execute();
    },
  };
}

export type MemberStore = ReturnType<typeof memberStore>;
