import { sql } from 'kysely';
import type { Db } from '../../db/index';
import { prepared, preparedShapes } from '../../db/prepared';
import { blockPartnerIdsOf, isFriendOf } from '../../policy/graph';
import { type SearchPlan, type Sort, WITH_BANNED } from './search-plan';
import { type Query, TERMS } from './search-terms-store';
import { SHOWN_COLUMNS, type ShownRow } from './user-view';

/** The SQL of member searches: result pages, the remembered search, the recommendation pool. */

const SORTS = {
  LAST_ACCESS_DESC: ['last_access', 'desc'],
  LAST_UPDATE_DESC: ['profile_updated_at', 'desc'],
  NAME_ASC: ['name_lower', 'asc'],
} as const satisfies Record<Sort, readonly [string, 'asc' | 'desc']>;

/**
 * Members nobody should see from this viewer: blocked either way, banned (unless an admin asked
 * for them), or the viewer.
 */
function visibleTo(query: Query, viewerId: number, withBanned: boolean): Query {
  const q = query.where('users.id', '!=', viewerId);
  return (withBanned ? q : q.where('users.banned_at', '=', 0)).where((eb) =>
    // One uncorrelated list, read once per statement (both ids are NOT NULL, so NOT IN is safe);
    // two correlated NOT EXISTS probed blocks for every candidate row, and PostgreSQL
    // misestimated their selectivity into worse plans.
    eb('users.id', 'not in', blockPartnerIdsOf(eb, viewerId)),
  );
}

/** The members a shape matches for the viewer (args[0]), its values after. */
function matching(db: Db, shape: string, args: readonly unknown[]): Query {
  let q = db.selectFrom('users');
  let i = 1;
  if (shape) {
    for (const name of shape.split(',')) {
      const [n, where] = TERMS[name];
      q = where(q, args.slice(i, i + n), db);
      i += n;
    }
  }
  // The filters first: SQLite tests the conditions the index does not serve in this order, and
  // the filters drop most candidates before the blocks list is probed.
  return visibleTo(q, args[0] as number, shape.split(',').includes(WITH_BANNED));
}

const SHOWN = SHOWN_COLUMNS.map((c) => `users.${c}` as const);

/** A member found, with what presenting them asks beside their row. */
export type Found = ShownRow & { is_friend: unknown; partner_name: string | null };

/** count(*) of a shape: (viewer id, ...values). */
function countStatement(db: Db, shape: string, ...args: unknown[]) {
  return matching(db, shape, args).select((eb) => eb.fn.countAll<number>().as('n'));
}

/**
 * One page of a shape, `sort|shape`: (viewer id, ...values, offset, limit). Only the columns a
 * User shows, and for each member of the page (not each match) whether they are the viewer's
 * friend and their partner's name: presenting the page needs no other query (blocked members,
 * either way, are never found).
 */
function rowsStatement(db: Db, key: string, ...args: unknown[]) {
  const bar = key.indexOf('|');
  const [column, direction] = SORTS[key.slice(0, bar) as Sort];
  const n = args.length;
  const viewerId = args[0] as number;
  return matching(db, key.slice(bar + 1), args.slice(0, n - 2))
    .select(SHOWN)
    .select((eb) => [
      isFriendOf(eb, viewerId, 'users.id').as('is_friend'),
      eb
        .selectFrom('users as partner')
        .select('partner.name')
        .whereRef('partner.id', '=', 'users.relationship_partner_id')
        .as('partner_name'),
    ])
    .orderBy(sql.ref(`users.${column}`), direction)
    .orderBy('users.id', 'desc')
    .offset(args[n - 2] as number)
    .limit(args[n - 1] as number);
}

// Built and compiled once per shape (db/prepared.ts), then run with new values.
const countOf = preparedShapes(countStatement);
const rowsOf = preparedShapes(rowsStatement);
// An upsert that changes nothing when the search is the one stored: paging through it writes nothing.
const rememberSearch = prepared((db: Db, id: number, stored: string, now: number) =>
  db
    .insertInto('member_searches')
    .values({ user_id: id, params: stored, updated_at: now })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet((eb) => ({
          params: eb.ref('excluded.params'),
          updated_at: eb.ref('excluded.updated_at'),
        }))
        .whereRef('member_searches.params', '<>', 'excluded.params'),
    ),
);
const storedSearch = prepared((db: Db, id: number) =>
  db.selectFrom('member_searches').select('params').where('user_id', '=', id),
);

/**
 * The two statements of a result page, count and rows, for a viewer and a plan: run as the
 * search runs them, or compiled with their values (the benchmark runs and explains them).
 */
export function pageStatements(
  db: Db,
  viewerId: number,
  plan: SearchPlan,
  sort: Sort,
  offset: number,
  take: number,
) {
  const key = `${sort}|${plan.shape}`;
  const countArgs = [viewerId, ...plan.values];
  const rowsArgs = [...countArgs, offset, take];
  return {
    count: async () => Number((await countOf(db, plan.shape, ...countArgs))[0]?.n ?? 0),
    rows: () => rowsOf(db, key, ...rowsArgs) as Promise<Found[]>,
    compiled: () => ({
      count: countStatement(db, plan.shape, ...countArgs).compile(),
      rows: rowsStatement(db, key, ...rowsArgs).compile(),
    }),
  };
}

export function searchStore(db: Db) {
  return {
    /** The member's last advanced search (useStoredParams), as stored JSON. */
    async storedSearch(userId: number): Promise<string | undefined> {
      const [stored] = await storedSearch(db, userId);
      return stored?.params;
    },

    /** Remembers the member's search (a no-op when it is the one stored). */
    async rememberSearch(userId: number, params: string, now: number): Promise<void> {
      await rememberSearch(db, userId, params, now);
    },

    /**
     * Recommendation candidates: members the viewer may see and is not friends with, most
     * recently active first, with what the scoring reads.
     */
    recommendationPool(viewerId: number, size: number) {
      return visibleTo(db.selectFrom('users'), viewerId, false)
        .where((eb) => eb.not(isFriendOf(eb, viewerId, 'users.id')))
        .select([
          'users.id',
          'users.gender',
          'users.birth_date',
          'users.country',
          'users.state',
          'users.city',
        ])
        .orderBy('users.last_access', 'desc')
        .limit(size)
        .execute();
    },
  };
}
