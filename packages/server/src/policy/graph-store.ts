import { type Expression, type ExpressionBuilder, type Kysely, type StringReference, sql } from 'kysely';
import { idInParameter, idsParameter } from '../db/id-list';
import { prepared } from '../db/prepared';
import type { Database } from '../db/schema';
import { OnlineVisibility } from './preferences';
import { notInvisibleNow } from './premium-store';

/**
 * The only SQL that reads `friendships` and `blocks` (docs/architecture.md, "The policy
 * module"). Other stores never name those tables: to filter a list by the graph they compose
 * the conditions exported here into their own queries.
 */

type Id = number | Expression<number>;

/** A condition on `blocks` rows: a block between `a` and `b`, whichever blocked the other. */
function eitherWay(w: ExpressionBuilder<Database, 'blocks'>, a: Id, b: Id) {
  return w.or([
    w.and([w('blocks.blocker_id', '=', a), w('blocks.blocked_id', '=', b)]),
    w.and([w('blocks.blocker_id', '=', b), w('blocks.blocked_id', '=', a)]),
  ]);
}

/** The outer query's builder, seen as one that knows no table: subqueries name only their own. */
const rootOf = <DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>) =>
  eb as unknown as ExpressionBuilder<Database, never>;

const refOf = <DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>, column: StringReference<DB, TB>) =>
  eb.ref(column) as Expression<unknown> as Expression<number>;

/**
 * WHERE: no block, either way, between `viewer` and the member whose id is in `column` of the
 * outer row (a comment's author, a liker, a notice's actor). `viewer` may be a column too.
 */
export function noBlockWith<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  viewer: Id,
  column: StringReference<DB, TB>,
) {
  const root = rootOf(eb);
  const member = refOf(eb, column);
  return root.not(
    root.exists(
      root
        .selectFrom('blocks')
        .select('blocks.blocker_id')
        .where((w) => eitherWay(w, viewer, member)),
    ),
  );
}

/** WHERE: the member whose id is in `column` is a friend of `viewer`. */
export function isFriendOf<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  viewer: Id,
  column: StringReference<DB, TB>,
) {
  const root = rootOf(eb);
  return root.exists(
    root
      .selectFrom('friendships')
      .select('friendships.friend_id')
      .where('friendships.user_id', '=', viewer)
      .where('friendships.friend_id', '=', refOf(eb, column)),
  );
}

/** A subquery of `member`'s friends' ids, for `column in (...)` conditions. */
export function friendIdsOf<DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>, member: Id) {
  return rootOf(eb)
    .selectFrom('friendships')
    .select('friendships.friend_id')
    .where('friendships.user_id', '=', member);
}

/** A subquery of the ids of everyone `member` blocked or who blocked `member`. */
export function blockPartnerIdsOf<DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>, member: Id) {
  const root = rootOf(eb);
  return root
    .selectFrom('blocks')
    .select('blocks.blocked_id as id')
    .where('blocks.blocker_id', '=', member)
    .union(
      root.selectFrom('blocks').select('blocks.blocker_id as id').where('blocks.blocked_id', '=', member),
    );
}

/**
 * WHERE: the member row (`users` or its alias) shows as online to `viewer`: not invisible now, and
 * their online visibility lets this viewer see it (everyone, or friends and the viewer is one).
 * `viewer` null: as a friend sees it (the member's own friend list).
 */
export function appearsOnlineTo<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  viewer: number | null,
  users = 'users',
) {
  const root = rootOf(eb);
  const col = (name: string) => sql.ref<number>(`${users}.${name}`);
  const visibility =
    viewer === null
      ? root(col('online_visibility'), '!=', OnlineVisibility.NOBODY)
      : root.or([
          root(col('online_visibility'), '=', OnlineVisibility.EVERYONE),
          root.and([
            root(col('online_visibility'), '=', OnlineVisibility.FRIENDS),
            root.exists(
              root
                .selectFrom('friendships')
                .select('friendships.friend_id')
                .where('friendships.user_id', '=', viewer)
                .whereRef('friendships.friend_id', '=', col('id') as never),
            ),
          ]),
        ]);
  // Invisibility counts only while the member still has IM_STATUS (policy/premium.ts).
  return root.and([notInvisibleNow(eb, users), visibility]);
}

/**
 * A member's friends joined with their member rows, for friend lists to order and page
 * (`friendships.position` is the member's own pinning).
 */
export function friendRowsOf(db: Kysely<Database>, owner: number) {
  return db
    .selectFrom('friendships')
    .innerJoin('users', 'users.id', 'friendships.friend_id')
    .where('friendships.user_id', '=', owner);
}

// A view-once item's media link asks this on every request (features/ephemeral/media-route.ts).
const blockBetween = prepared((db: Kysely<Database>, a: number, b: number) =>
  db
    .selectFrom('blocks')
    .select('blocker_id')
    .where((w) => eitherWay(w, a, b))
    .limit(1),
);

// Every list of members a viewer sees asks this: built and compiled once (db/prepared.ts).
const tiesQuery = prepared((db: Kysely<Database>, me: number, ids: unknown) =>
  db
    .selectFrom('friendships')
    .select([sql<number>`1`.as('tie'), 'friend_id as id'])
    .where('user_id', '=', me)
    .where(idInParameter(db, 'friend_id', ids))
    .unionAll(
      db
        .selectFrom('blocks')
        .select([sql<number>`2`.as('tie'), 'blocked_id as id'])
        .where('blocker_id', '=', me)
        .where(idInParameter(db, 'blocked_id', ids)),
    )
    .unionAll(
      db
        .selectFrom('blocks')
        .select([sql<number>`3`.as('tie'), 'blocker_id as id'])
        .where('blocked_id', '=', me)
        .where(idInParameter(db, 'blocker_id', ids)),
    ),
);

export interface Ties {
  friends: Set<number>;
  /** Members the viewer blocked. */
  blocked: Set<number>;
  /** Members who blocked the viewer. */
  blockedBy: Set<number>;
}

/** The graph's reads, each one query. */
export function graphStore(db: Kysely<Database>) {
  const idsWhere = async (
    table: 'friendships' | 'blocks',
    mine: 'user_id' | 'blocker_id' | 'blocked_id',
    theirs: 'friend_id' | 'blocked_id' | 'blocker_id',
    me: number,
    ids: number[],
  ): Promise<Set<number>> => {
    if (ids.length === 0) return new Set();
    const rows = await db
      .selectFrom(table)
      .select(`${theirs} as id` as 'friend_id as id')
      .where(mine as 'user_id', '=', me)
      .where(theirs as 'friend_id', 'in', ids)
      .execute();
    return new Set(rows.map((r) => r.id));
  };

  return {
    async areFriends(a: number, b: number): Promise<boolean> {
      const row = await db
        .selectFrom('friendships')
        .select('user_id')
        .where('user_id', '=', a)
        .where('friend_id', '=', b)
        .executeTakeFirst();
      return row !== undefined;
    },

    async friendIds(member: number): Promise<number[]> {
      const rows = await db
        .selectFrom('friendships')
        .select('friend_id')
        .where('user_id', '=', member)
        .execute();
      return rows.map((r) => r.friend_id);
    },

    async friendCount(member: number): Promise<number> {
      const row = await db
        .selectFrom('friendships')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', member)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    friendsAmong: (me: number, ids: number[]) => idsWhere('friendships', 'user_id', 'friend_id', me, ids),
    blockedAmong: (me: number, ids: number[]) => idsWhere('blocks', 'blocker_id', 'blocked_id', me, ids),
    blockersAmong: (me: number, ids: number[]) => idsWhere('blocks', 'blocked_id', 'blocker_id', me, ids),

    async tiesAmong(me: number, ids: number[]): Promise<Ties> {
      const ties: Ties = { friends: new Set(), blocked: new Set(), blockedBy: new Set() };
      if (ids.length === 0) return ties;
      const rows = await tiesQuery(db, me, idsParameter(db, ids));
      const sets = [ties.friends, ties.blocked, ties.blockedBy];
      for (const row of rows) sets[Number(row.tie) - 1].add(row.id);
      return ties;
    },

    async blockedEitherWay(a: number, b: number): Promise<boolean> {
      return (await blockBetween(db, a, b)).length > 0;
    },

    async blockedWithAmong(me: number, ids: number[]): Promise<Set<number>> {
      const others = [...new Set(ids)].filter((id) => id !== me);
      if (!others.length) return new Set();
      const rows = await db
        .selectFrom('blocks')
        .select(['blocker_id', 'blocked_id'])
        .where((w) =>
          w.or([
            w.and([w('blocker_id', '=', me), w('blocked_id', 'in', others)]),
            w.and([w('blocked_id', '=', me), w('blocker_id', 'in', others)]),
          ]),
        )
        .execute();
      return new Set(rows.map((r) => (r.blocker_id === me ? r.blocked_id : r.blocker_id)));
    },

    async blockPartners(me: number): Promise<number[]> {
      const rows = await db
        .selectFrom('blocks')
        .select(['blocker_id', 'blocked_id'])
        .where((w) => w.or([w('blocker_id', '=', me), w('blocked_id', '=', me)]))
        .execute();
      return [...new Set(rows.map((r) => (r.blocker_id === me ? r.blocked_id : r.blocker_id)))];
    },

    /** The members `blocker` blocked, newest first, with their rows (settings' blocked list). */
    blockedRows(blocker: number, offset: number, limit: number) {
      return db
        .selectFrom('blocks')
        .innerJoin('users', 'users.id', 'blocks.blocked_id')
        .selectAll('users')
        .where('blocks.blocker_id', '=', blocker)
        .orderBy('blocks.created_at', 'desc')
        .offset(offset)
        .limit(limit)
        .execute();
    },
  };
}
export type GraphStore = ReturnType<typeof graphStore>;

/**
 * WHERE: the member whose id is in `column` has not blocked `viewer` (one direction only: someone
 * else's friend list hides the friends who blocked its viewer, not those the viewer blocked).
 */
export function notBlockedBy<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  viewer: Id,
  column: StringReference<DB, TB>,
) {
  const root = rootOf(eb);
  return root.not(
    root.exists(
      root
        .selectFrom('blocks')
        .select('blocks.blocker_id')
        .where('blocks.blocker_id', '=', refOf(eb, column))
        .where('blocks.blocked_id', '=', viewer),
    ),
  );
}
