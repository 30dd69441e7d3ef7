import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/index';
import type { GamesTable } from '../../db/schema-games';

export type GameRow = Selectable<GamesTable>;

/** The games catalogue's SQL (docs/games.md): the games, and the counts the listing shows. */
export function catalogueStore(db: Db) {
  return {
    byId(id: number): Promise<GameRow | undefined> {
      return db.selectFrom('games').selectAll().where('id', '=', id).executeTakeFirst();
    },

    bySlug(slug: string): Promise<GameRow | undefined> {
      return db.selectFrom('games').selectAll().where('slug', '=', slug).executeTakeFirst();
    },

    /** Games in these states, featured first then by name; `ids` narrows to those games. */
    listed(
      statuses: string[],
      opts: { featuredOnly?: boolean; ids?: number[]; limit: number; offset: number },
    ) {
      let q = db.selectFrom('games').selectAll().where('status', 'in', statuses);
      if (opts.featuredOnly) q = q.where('featured', '=', 1);
      if (opts.ids) {
        if (opts.ids.length === 0) return Promise.resolve([] as GameRow[]);
        q = q.where('id', 'in', opts.ids);
      }
      return q
        .orderBy('featured', 'desc')
        .orderBy('name')
        .orderBy('id')
        .limit(opts.limit)
        .offset(opts.offset)
        .execute();
    },

    byIds(ids: number[]): Promise<GameRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db.selectFrom('games').selectAll().where('id', 'in', ids).execute();
    },

    all(limit: number, offset: number): Promise<GameRow[]> {
      return db
        .selectFrom('games')
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    async nextId(): Promise<number> {
      // Below street wars' reserved 1000 while there is room; registration retries on a clash.
      const row = await db
        .selectFrom('games')
        .select((eb) => eb.fn.max('id').as('top'))
        .where('id', '<', 1000)
        .executeTakeFirst();
      return Number(row?.top ?? 0) + 1;
    },

    async insert(row: Insertable<GamesTable>): Promise<void> {
      await db.insertInto('games').values(row).execute();
    },

    /** Updates a game; false when there is none with the id. */
    async update(id: number, values: Updateable<GamesTable>): Promise<boolean> {
      const r = await db.updateTable('games').set(values).where('id', '=', id).executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
  };
}
export type CatalogueStore = ReturnType<typeof catalogueStore>;
