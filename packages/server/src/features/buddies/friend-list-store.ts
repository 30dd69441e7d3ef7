import { BuddySort, OnlineStatusCode } from '@tertulia/contract';
import { type Compilable, type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { idInParameter, idsParameter } from '../../db/id-list';
import type { Db } from '../../db/index';
import { prepared } from '../../db/prepared';
import type { Database } from '../../db/schema';
import type { UserRow } from '../../http/context';
import { appearsOnlineTo, friendRowsOf, notBlockedBy } from '../../policy/graph';

/** The friend list's SQL: its pages (the social graph's conditions composed in), filters, counts. */

export type FriendEb = ExpressionBuilder<Database, 'friendships' | 'users'>;
export type FriendFilter = (eb: FriendEb) => Expression<SqlBool>;
export type FriendRow = UserRow & { position: number };

export interface FriendPageQuery {
  owner: number;
  sort: BuddySort;
  /**
   * Members with a live socket (from presence), all of them or only the friends among them;
   * those who do not appear online (invisible, hidden) are ranked offline here.
   */
  online: number[];
  offset: number;
  limit: number;
  /** Leave out friends who blocked this viewer (someone else's list). */
  hideBlockersOf?: number;
  filter?: FriendFilter;
}

/** Friends whose name or first name starts with `start` (already trimmed and lower-cased). */
export const nameStartsWith =
  (start: string): FriendFilter =>
  (eb) =>
    eb.or([
      eb.and([eb('users.name_lower', '>=', start), eb('users.name_lower', '<', `${start}\uffff`)]),
      eb(sql`lower(users.first_name)`, 'like', `${start}%`),
    ]);

/** Friends last seen before `cutoff`, except the `skip` ones. */
export const awaySince =
  (cutoff: number, skip: number[]): FriendFilter =>
  (eb) =>
    eb.and([eb('users.last_access', '<', cutoff), ...(skip.length ? [eb('users.id', 'not in', skip)] : [])]);

/** How many of `ids` appear online to their friends (not invisible, not hidden from everyone). */
export async function countAppearingOnline(db: Db, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('id', 'in', ids)
    .where((eb) => appearsOnlineTo(eb, null, 'users'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * One page of a friend list, ordered in SQL by the five spec orders, so a member with thousands
 * of friends costs one sort inside the database and only the page crosses into JavaScript.
 */
export function friendPage(db: Db, q: FriendPageQuery): Promise<FriendRow[]> {
  if (q.filter)
    return buildPage(db, {
      ...q,
      online: q.online.length ? idsParameter(db, q.online) : undefined,
    }).execute();
  // Without a filter a page has one of 20 shapes (sort, anyone online, someone else's list), each
  // built and compiled once: building took longer than SQLite takes to sort 5,000 friends.
  // Only the ONLINE_ orders read the online ids.
  const hasOnline = q.online.length > 0 && q.sort.startsWith('ONLINE');
  const others = q.hideBlockersOf !== undefined;
  const key = `${q.sort}|${hasOnline}|${others}`;
  let run = shapes.get(key);
  if (!run) {
    const { sort } = q;
    // Only the arguments this shape binds (db/prepared.ts refuses unbound ones), in this order.
    run = prepared((db: Db, ...args: unknown[]) => {
      let i = 0;
      const owner = args[i++] as number;
      const online = hasOnline ? args[i++] : undefined;
      const hideBlockersOf = others ? (args[i++] as number) : undefined;
      return buildPage(db, {
        owner,
        sort,
        online,
        hideBlockersOf,
        offset: args[i++] as number,
        limit: args[i] as number,
      });
    });
    shapes.set(key, run);
  }
  const args: unknown[] = [q.owner];
  if (hasOnline) args.push(idsParameter(db, q.online));
  if (others) args.push(q.hideBlockersOf);
  args.push(q.offset, q.limit);
  return run(db, ...args);
}

type PageRun = (db: Db, ...args: unknown[]) => Promise<FriendRow[]>;
const shapes = new Map<string, PageRun>();

/** The page's statement; `online` is the online ids' one parameter (db/id-list.ts), if any. */
function buildPage(db: Db, q: Omit<FriendPageQuery, 'online'> & { online?: unknown }) {
  const online = q.online !== undefined ? idInParameter(db, 'users.id', q.online) : undefined;
  // Ranked online as the owner's friends see it (policy/graph.ts, appearsOnlineTo).
  const isOnline = (eb: FriendEb) =>
    online ? eb.and([online, appearsOnlineTo(eb, null, 'users')]) : sql<SqlBool>`1 = 0`;
  const offlineFirst = (eb: FriendEb) => eb.case().when(isOnline(eb)).then(0).else(1).end();
  const statusRank = (eb: FriendEb) =>
    eb
      .case()
      .when(isOnline(eb))
      .then(eb.case().when('users.online_status', '=', OnlineStatusCode.BUSY).then(1).else(0).end())
      .else(2)
      .end();
  // Pinned friends (position 1, 2...) first in their order, then the rest by name.
  const unpinned = (eb: FriendEb) => eb.case().when('friendships.position', '=', 0).then(1).else(0).end();

  let query = friendRowsOf(db, q.owner)
    .selectAll('users')
    .select('friendships.position')
    .where('users.banned_at', '=', 0);
  if (q.hideBlockersOf) {
    const viewer = q.hideBlockersOf;
    query = query.where((eb) => notBlockedBy(eb, viewer, 'users.id'));
  }
  if (q.filter) query = query.where(q.filter);

  const byPosition = (qb: typeof query) =>
    qb.orderBy(unpinned).orderBy('friendships.position').orderBy('users.name_lower');
  const ordered = {
    [BuddySort.DEFAULT]: () => byPosition(query),
    [BuddySort.ALPHABETICAL]: () => query.orderBy('users.name_lower'),
    [BuddySort.ONLINE_DEFAULT]: () => byPosition(query.orderBy(offlineFirst)),
    [BuddySort.ONLINE_ACCESS_DEFAULT]: () =>
      query.orderBy(offlineFirst).orderBy('users.last_access', 'desc').orderBy('users.name_lower'),
    [BuddySort.ONLINE_STATUS_DEFAULT]: () => byPosition(query.orderBy(statusRank)),
  }[q.sort]();
  return ordered.orderBy('users.id').offset(q.offset).limit(q.limit) as unknown as Compilable<FriendRow> & {
    execute(): Promise<FriendRow[]>;
  };
}
