import { type Insertable, type Kysely, type Selectable, sql, type Updateable } from 'kysely';
import { isPostgres } from '../../db/dialect';
import { idInParameter, idsParameter } from '../../db/id-list';
import type { Db } from '../../db/index';
import { prepared, preparedShapes } from '../../db/prepared';
import type { Database } from '../../db/schema';
import type { GamesTable } from '../../db/schema-games';
import { isFriendOf } from '../../policy/graph';

export type GameRow = Selectable<GamesTable>;

/** What a listing shows of a member playing (view.ts toFriendCard). */
export interface FriendCardRow {
  id: number;
  name: string;
  image1: string | null;
  gender: 'm' | 'f';
  star: number;
  vip_until: number;
}

/** A listed game's counts: last week's players, and its friends playing as `id,id,...` newest first. */
export interface GameCountsRow {
  game_id: number;
  weekly: number | string;
  friends: string | null;
}

/**
 * Each listed game's weekly players and the newest `perGame` of the viewer's friends playing it
 * (banned and deleted members left out), in one statement compiled once (db/prepared.ts), the ids
 * as one parameter (db/id-list.ts). Per game it walks the game's players by primary key and
 * probes each for a friendship and a member in good standing, and hands JavaScript one row a game.
 * As `user_id IN (friends)` joined to users, SQLite drove the friends' read from the viewer's
 * 1,000 friends, probing each for each of 20 games: 10-18 ms of getGamesListing's 14.9 ms against
 * 0.86 ms for its bare SQL; a window function over the rows then cost ~0.65 ms against 0.3 ms for
 * this (tools/bench/games.ts; tools/bench/README.md, "Games listing").
 */
const gameCounts = prepared(
  (q: Kysely<Database>, gameIds: unknown, since: number, viewerId: number, perGame: number) => {
    // The ids in the order shown (SQLite 3.44+ and PostgreSQL order inside the aggregate).
    const ids = isPostgres(q)
      ? sql<string | null>`string_agg(s.user_id::text, ',' order by s.played_at desc, s.user_id)`
      : sql<string | null>`group_concat(s.user_id, ',' order by s.played_at desc, s.user_id)`;
    return q
      .selectFrom('games as g')
      .select((eb) => [
        'g.id as game_id',
        eb
          .selectFrom('game_players as w')
          .select((c) => c.fn.countAll<number>().as('n'))
          .whereRef('w.game_id', '=', 'g.id')
          .where('w.played_at', '>=', since)
          .as('weekly'),
        eb
          .selectFrom(
            eb
              .selectFrom('game_players as p')
              .select(['p.user_id', 'p.played_at'])
              .whereRef('p.game_id', '=', 'g.id')
              .where((w) => isFriendOf(w, viewerId, 'p.user_id'))
              .where((w) =>
                w.exists(
                  w
                    .selectFrom('users as u')
                    .select('u.id')
                    .whereRef('u.id', '=', 'p.user_id')
                    .where('u.banned_at', '=', 0)
                    .where('u.deleted_at', '=', 0),
                ),
              )
              .orderBy('p.played_at', 'desc')
              .orderBy('p.user_id')
              .limit(perGame)
              .as('s'),
          )
          .select(ids.as('ids'))
          .as('friends'),
      ])
      .where(idInParameter(q, 'g.id', gameIds));
  },
);

/** The card columns of members in good standing, the ids as one parameter. */
const friendCards = prepared((q: Kysely<Database>, userIds: unknown) =>
  q
    .selectFrom('users')
    .select(['id', 'name', 'image1', 'gender', 'star', 'vip_until'])
    .where(idInParameter(q, 'id', userIds))
    .where('banned_at', '=', 0)
    .where('deleted_at', '=', 0),
);

/**
 * listed()'s statement, compiled once per shape (statuses, featured only, narrowed to ids): built
 * by Kysely per call it took 630-820 µs CPU on the listing's page, compiled once 480-670 µs, four
 * alternating runs each (tools/bench/README.md, "Session 14, perf-games"). Arguments: limit,
 * offset, then the ids as one parameter when the shape has them.
 */
const listedShapes = preparedShapes((q: Kysely<Database>, shape: string, ...args: unknown[]) => {
  const [statuses, featuredOnly, withIds] = shape.split(':');
  let query = q.selectFrom('games').selectAll().where('status', 'in', statuses.split(','));
  if (featuredOnly === '1') query = query.where('featured', '=', 1);
  if (withIds === '1') query = query.where(idInParameter(q, 'id', args[2]));
  return query
    .orderBy('featured', 'desc')
    .orderBy('name')
    .orderBy('id')
    .limit(args[0] as number)
    .offset(args[1] as number);
});

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
      if (opts.ids?.length === 0) return Promise.resolve([] as GameRow[]);
      const shape = `${statuses.join(',')}:${opts.featuredOnly ? 1 : 0}:${opts.ids ? 1 : 0}`;
      const args: unknown[] = [opts.limit, opts.offset];
      if (opts.ids) args.push(idsParameter(db, opts.ids));
      return listedShapes(db, shape, ...args) as Promise<GameRow[]>;
    },

    /** Of `gameIds`, the weekly players and the viewer's friends playing (gameCounts above). */
    counts(gameIds: number[], since: number, viewerId: number, perGame: number): Promise<GameCountsRow[]> {
      if (gameIds.length === 0) return Promise.resolve([]);
      return gameCounts(db, idsParameter(db, gameIds), since, viewerId, perGame) as Promise<GameCountsRow[]>;
    },

    /** Members as a listing's cards draw them; banned and deleted ones left out. */
    cards(userIds: number[]): Promise<FriendCardRow[]> {
      if (userIds.length === 0) return Promise.resolve([]);
      return friendCards(db, idsParameter(db, userIds)) as Promise<FriendCardRow[]>;
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
