import type { AdvancedSearchFields, User } from '@tertulia/contract';
import { type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import { idInParameter, idsParameter } from '../../db/id-list';
import type { Db } from '../../db/index';
import { prepared, preparedShapes } from '../../db/prepared';
import type { Database } from '../../db/schema';
import type { Deps } from '../../deps';
import type { UserRow } from '../../http/context';
import { ageOn } from '../accounts/rules';
import type { PeopleService } from './service';
import { SHOWN_COLUMNS, type ShownRow, toUserFor, type ViewerContext } from './user-view';

type Query = SelectQueryBuilder<Database, 'users', object>;
type Eb = ExpressionBuilder<Database, 'users'>;
type SearchParams = Omit<AdvancedSearchFields, 'email'> & { page?: number; limit?: number };
type Sort = keyof typeof SORTS;

const SORTS = {
  LAST_ACCESS_DESC: ['last_access', 'desc'],
  LAST_UPDATE_DESC: ['profile_updated_at', 'desc'],
  NAME_ASC: ['name_lower', 'asc'],
} as const;
const ONLINE_SCAN = 5000;
const RECOMMENDATION_POOL = 500;
const INVISIBLE = 1;

const lower = (column: string) => sql<string>`lower(${sql.ref(column)})`;

/** Members nobody should see from this viewer: blocked either way, banned, or the viewer. */
function visibleTo(query: Query, viewerId: number): Query {
  return query
    .where('users.id', '!=', viewerId)
    .where('users.banned_at', '=', 0)
    .where((eb) =>
      // One uncorrelated list, read once per statement (both ids are NOT NULL, so NOT IN is safe);
      // two correlated NOT EXISTS probed blocks for every candidate row, and PostgreSQL
      // misestimated their selectivity into worse plans.
      eb(
        'users.id',
        'not in',
        eb
          .selectFrom('blocks')
          .select('blocked_id as id')
          .where('blocker_id', '=', viewerId)
          .union(eb.selectFrom('blocks').select('blocker_id as id').where('blocked_id', '=', viewerId)),
      ),
    );
}

/**
 * "Near me" for this viewer, as a shape and its values: same country, state, city or postal
 * code by their searchProximity (1 city or postal code, 2 state, 3 country).
 */
function nearPlan(viewer: UserRow): { shape: keyof typeof NEAR; values: string[] } {
  const country = viewer.country?.toLowerCase();
  if (!country) return { shape: 'nowhere', values: [] };
  if (viewer.search_proximity >= 3) return { shape: 'country', values: [country] };
  if (viewer.search_proximity === 2 && viewer.state) {
    return { shape: 'state', values: [country, viewer.state.toLowerCase()] };
  }
  const city = viewer.city?.toLowerCase();
  const postal = viewer.postal_code || undefined;
  if (city && postal) return { shape: 'cityOrPostal', values: [country, city, postal] };
  if (city) return { shape: 'city', values: [country, city] };
  if (postal) return { shape: 'postal', values: [postal] };
  return { shape: 'country', values: [country] };
}

/** The conditions of nearPlan's shapes: how many values each binds, and its SQL on them. */
const NEAR = {
  nowhere: [0, () => sql<SqlBool>`1 = 0`],
  country: [1, (eb, [country]) => eb(lower('users.country'), '=', country as string)],
  state: [
    2,
    (eb, [country, state]) =>
      eb.and([
        eb(lower('users.country'), '=', country as string),
        eb(lower('users.state'), '=', state as string),
      ]),
  ],
  city: [
    2,
    (eb, [country, city]) =>
      eb.and([
        eb(lower('users.country'), '=', country as string),
        eb(lower('users.city'), '=', city as string),
      ]),
  ],
  postal: [1, (eb, [postal]) => eb('users.postal_code', '=', postal as string)],
  cityOrPostal: [
    3,
    (eb, [country, city, postal]) =>
      eb.or([
        eb.and([
          eb(lower('users.country'), '=', country as string),
          eb(lower('users.city'), '=', city as string),
        ]),
        eb('users.postal_code', '=', postal as string),
      ]),
  ],
} satisfies Record<string, readonly [number, (eb: Eb, values: readonly unknown[]) => Expression<SqlBool>]>;

/** Same place as the viewer within their searchProximity (the buddies and feed "near me" use it too). */
export function near(eb: Eb, viewer: UserRow): Expression<SqlBool> {
  const { shape, values } = nearPlan(viewer);
  return NEAR[shape][1](eb, values);
}

/** Birth dates that make someone `age` years old today: born after `from`, on or before `to`. */
function birthBound(years: number, today = new Date()): string {
  const d = new Date(Date.UTC(today.getUTCFullYear() - years, today.getUTCMonth(), today.getUTCDate()));
  return d.toISOString().slice(0, 10);
}

/** Empty values the spec says to drop: null, -1 and blank. */
export function dropEmpty<T extends object>(params: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(params).filter(
      ([, v]) =>
        v !== null &&
        v !== undefined &&
        v !== -1 &&
        v !== '-1' &&
        !(typeof v === 'string' && v.trim() === ''),
    ),
  ) as Partial<T>;
}

/**
 * postalProximity is a distance in km, approximated without geocoding by how many trailing
 * postal-code digits may differ: up to 10 km one digit, up to 50 km two, farther three.
 */
export function postalDigitsToDrop(km: number): number {
  if (km <= 0) return 0;
  return km <= 10 ? 1 : km <= 50 ? 2 : 3;
}

type Where = (q: Query, values: readonly unknown[], db: Db) => Query;
const equals =
  (column: 'users.children' | 'users.education' | 'users.ethnicity' | 'users.looking_for') =>
  (q: Query, [v]: readonly unknown[]) =>
    q.where(column, '=', v as number);
const lowerIs =
  (column: string) =>
  (q: Query, [v]: readonly unknown[]) =>
    q.where(lower(column), '=', v as string);
const lowerLike =
  (column: string) =>
  (q: Query, [v]: readonly unknown[]) =>
    q.where(lower(column), 'like', v as string);

/**
 * Every condition a search page may have, by its name in a shape: how many values it binds, and
 * its SQL on them. The SQL text of a search depends only on which of these it has (and its
 * order), so each shape is built and compiled once; searchPlan computes the values.
 */
const TERMS: Record<string, readonly [number, Where]> = {
  gender: [1, (q, [v]) => q.where('users.gender', '=', v as 'm')],
  minAge: [1, (q, [v]) => q.where('users.birth_date', '<=', v as string)],
  maxAge: [1, (q, [v]) => q.where('users.birth_date', '>', v as string)],
  country: [1, lowerIs('users.country')],
  state: [1, lowerIs('users.state')],
  city: [1, lowerIs('users.city')],
  postalCode: [1, (q, [v]) => q.where('users.postal_code', '=', v as string)],
  postalPrefix: [1, (q, [v]) => q.where('users.postal_code', 'like', v as string)],
  // A range instead of LIKE, so the index on name_lower serves it on both dialects.
  userName: [
    2,
    (q, [from, to]) =>
      q.where('users.name_lower', '>=', from as string).where('users.name_lower', '<', to as string),
  ],
  firstName: [1, lowerLike('users.first_name')],
  lastName: [1, lowerLike('users.last_name')],
  about: [1, lowerLike('users.about')],
  children: [1, equals('users.children')],
  education: [1, equals('users.education')],
  ethnicity: [1, equals('users.ethnicity')],
  lookingFor: [1, equals('users.looking_for')],
  status: [1, (q, [v]) => q.where('users.relationship_status', '=', v as number)],
  orient: [1, (q, [v]) => q.where('users.sexual_orientation', '=', v as number)],
  verified: [0, (q) => q.where('users.verified', '=', 1)],
  photosOnly: [0, (q) => q.where('users.image1', 'is not', null)],
  // Online members (one id-list parameter, db/id-list.ts), invisible ones and those seen
  // online by friends or nobody (policy/preferences.ts) left out.
  online: [
    1,
    (q, [ids], db) =>
      q.where((eb) =>
        eb.and([
          idInParameter(db, 'users.id', ids),
          eb('users.online_status', '!=', INVISIBLE),
          eb('users.online_visibility', '=', 0),
        ]),
      ),
  ],
  ...Object.fromEntries(
    Object.entries(NEAR).map(([shape, [n, where]]) => [
      `near.${shape}`,
      [n, (q: Query, v: readonly unknown[]) => q.where((eb) => where(eb, v))] as const,
    ]),
  ),
};

/** A search's shape (the names of its conditions, comma-separated) and its values in order. */
export interface SearchPlan {
  shape: string;
  values: unknown[];
}

/** The conditions of an advanced search: values computed here, bound as parameters. */
class Plan implements SearchPlan {
  readonly names: string[] = [];
  readonly values: unknown[] = [];

  add(name: string, ...values: unknown[]) {
    this.names.push(name);
    for (const value of values) this.values.push(value);
  }

  get shape() {
    return this.names.join(',');
  }
}

export function searchPlan(f: Partial<SearchParams>, viewer: UserRow): SearchPlan {
  // A method, not a closure made per call (tsx names every closure it makes, which shows).
  const plan = new Plan();
  const today = new Date();
  if (f.gender) plan.add('gender', f.gender);
  if (f.minAge) plan.add('minAge', birthBound(f.minAge, today));
  if (f.maxAge) plan.add('maxAge', birthBound(f.maxAge + 1, today));
  const country = f.country ?? f.countryCode;
  if (country) plan.add('country', country.trim().toLowerCase());
  if (f.state) plan.add('state', f.state.trim().toLowerCase());
  if (f.city) plan.add('city', f.city.trim().toLowerCase());
  if (f.postalCode) {
    const code = f.postalCode.trim();
    const keep = Math.max(2, code.length - postalDigitsToDrop(f.postalProximity ?? 0));
    if (keep >= code.length) plan.add('postalCode', code);
    else plan.add('postalPrefix', `${code.slice(0, keep)}%`);
  }
  if (f.areacode) plan.add('postalPrefix', `${f.areacode.trim()}%`);
  if (f.userName) {
    const start = f.userName.trim().toLowerCase();
    plan.add('userName', start, `${start}\uffff`);
  }
  if (f.firstName) plan.add('firstName', `${f.firstName.trim().toLowerCase()}%`);
  if (f.lastName) plan.add('lastName', `${f.lastName.trim().toLowerCase()}%`);
  if (f.about) plan.add('about', `%${f.about.trim().toLowerCase()}%`);
  if (f.children) plan.add('children', f.children);
  if (f.education) plan.add('education', f.education);
  if (f.ethnicity) plan.add('ethnicity', f.ethnicity);
  if (f.lookingFor) plan.add('lookingFor', f.lookingFor);
  if (f.status) plan.add('status', f.status);
  if (f.orient) plan.add('orient', f.orient);
  if (f.verified) plan.add('verified');
  if (f.photosOnly) plan.add('photosOnly');
  if (f.nearMe) {
    const { shape, values: v } = nearPlan(viewer);
    plan.add(`near.${shape}`, ...v);
  }
  return { shape: plan.shape, values: plan.values };
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
  return visibleTo(q, args[0] as number);
}

const SHOWN = SHOWN_COLUMNS.map((c) => `users.${c}` as const);

/** A member found, with what presenting them asks beside their row. */
type Found = ShownRow & { is_friend: unknown; partner_name: string | null };

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
      eb
        .exists(
          eb
            .selectFrom('friendships')
            .select('friendships.friend_id')
            .where('friendships.user_id', '=', viewerId)
            .whereRef('friendships.friend_id', '=', 'users.id'),
        )
        .as('is_friend'),
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

/** An advanced search's plan and order, from its parameters (empty values dropped first). */
export function advancedPlan(viewer: UserRow, filters: Partial<SearchParams>) {
  return { plan: searchPlan(filters, viewer), sort: (filters.sortBy ?? 'LAST_ACCESS_DESC') as Sort };
}

const NONE: ReadonlySet<number> = new Set();

export function searchService(deps: Deps, people: PeopleService) {
  const { db } = deps;

  /** The page's members as the viewer sees them, in one pass: the rows carry their ties. */
  async function present(viewer: UserRow, rows: Found[]): Promise<User[]> {
    const ids: number[] = new Array(rows.length);
    const friends = new Set<number>();
    for (let i = 0; i < rows.length; i++) {
      const id = rows[i].id;
      ids[i] = id;
      if (rows[i].is_friend) friends.add(id);
    }
    const context: ViewerContext = {
      viewerId: viewer.id,
      friends,
      // Blocked members, either way, are never found.
      blocked: NONE as Set<number>,
      blockedBy: NONE as Set<number>,
      online: await deps.presence.sources(ids),
    };
    const now = new Date();
    const users: User[] = new Array(rows.length);
    for (let i = 0; i < rows.length; i++) {
      const user = toUserFor(rows[i], context, now);
      if (user.relationshipPartnerId) user.relationshipPartnerName = rows[i].partner_name ?? undefined;
      users[i] = user;
    }
    return users;
  }

  async function page(
    viewer: UserRow,
    plan: SearchPlan,
    sort: Sort,
    p: { page?: number; limit?: number },
    totalLimit?: number,
  ) {
    const size = p.limit ?? 20;
    const offset = ((p.page ?? 1) - 1) * size;
    const cap = totalLimit ?? Number.MAX_SAFE_INTEGER;
    const take = Math.max(0, Math.min(size, cap - offset));
    const statements = pageStatements(db, viewer.id, plan, sort, offset, take);
    // The page first, then its count beside presenting the page (presence).
    const found = take ? await statements.rows() : [];
    const [total, searchResults] = await Promise.all([statements.count(), present(viewer, found)]);
    return { searchResults, totalNumberResults: Math.min(total, cap) };
  }

  return {
    async advanced(viewer: UserRow, params: SearchParams) {
      const { page: pageNo, limit, useStoredParams, ...given } = params;
      let filters = dropEmpty(given);
      if (useStoredParams) {
        const [stored] = await storedSearch(db, viewer.id);
        if (stored) filters = { ...(JSON.parse(stored.params) as Partial<SearchParams>), ...filters };
      }
      // Remembered for useStoredParams, beside the search rather than before it.
      const remember = Object.keys(filters).length
        ? rememberSearch(db, viewer.id, JSON.stringify(filters), Date.now())
        : undefined;
      const { plan, sort } = advancedPlan(viewer, filters);
      const [result] = await Promise.all([
        page(viewer, plan, sort, { page: pageNo, limit }, filters.totalLimit),
        remember,
      ]);
      return result;
    },

    byName(viewer: UserRow, name: string, p: { page?: number; limit?: number }) {
      return page(viewer, searchPlan({ userName: name }, viewer), 'NAME_ASC', p);
    },

    nearMe(viewer: UserRow, p: { page?: number; limit?: number }) {
      return page(viewer, searchPlan({ nearMe: true }, viewer), 'LAST_ACCESS_DESC', p);
    },

    /** Online now, from presence; invisible members never count as online. */
    async onlineByGender(viewer: UserRow, male: boolean, p: { page?: number; limit?: number }) {
      const online = await deps.presence.onlineUserIds(ONLINE_SCAN);
      if (online.length === 0) return { searchResults: [] as User[], totalNumberResults: 0 };
      const plan: SearchPlan = {
        shape: 'online,gender',
        values: [idsParameter(db, online), male ? 'm' : 'f'],
      };
      return page(viewer, plan, 'LAST_ACCESS_DESC', p);
    },
    /** Not friends, not blocked; near and of the sought gender and age first, then at random. */
    async recommendations(viewer: UserRow, size: number): Promise<User[]> {
      const sought =
        viewer.sexual_orientation === 3
          ? undefined
          : viewer.sexual_orientation === 2
            ? viewer.gender
            : viewer.gender === 'm'
              ? 'f'
              : 'm';
      const ageLow = birthBound(Math.max(18, ageOn(viewer.birth_date, new Date()) + 8));
      const ageHigh = birthBound(Math.max(18, ageOn(viewer.birth_date, new Date()) - 7));
      const pool = visibleTo(db.selectFrom('users'), viewer.id)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('friendships')
                .select('friend_id')
                .where('user_id', '=', viewer.id)
                .whereRef('friend_id', '=', 'users.id'),
            ),
          ),
        )
        .select([
          'users.id',
          'users.gender',
          'users.birth_date',
          'users.country',
          'users.state',
          'users.city',
        ])
        .orderBy('users.last_access', 'desc')
        .limit(RECOMMENDATION_POOL);
      const candidates = await pool.execute();
      const same = (a: string | null, b: string | null) => !!a && !!b && a.toLowerCase() === b.toLowerCase();
      const score = (c: (typeof candidates)[number]) =>
        (same(c.country, viewer.country) ? 1 : 0) +
        (same(c.country, viewer.country) && same(c.state, viewer.state) ? 1 : 0) +
        (same(c.country, viewer.country) && same(c.city, viewer.city) ? 2 : 0) +
        (!sought || c.gender === sought ? 2 : 0) +
        (c.birth_date > ageLow && c.birth_date <= ageHigh ? 1 : 0) +
        Math.random();
      const chosen = candidates
        .map((c) => ({ id: c.id, score: score(c) }))
        .sort((a, b) => b.score - a.score)
        .slice(0, size)
        .map((c) => c.id);
      const rows = await db
        .selectFrom('users')
        .selectAll()
        .where('id', 'in', chosen.length ? chosen : [0])
        .execute();
      const byId = new Map(rows.map((r) => [r.id, r]));
      return people.present(
        viewer,
        chosen.map((id) => byId.get(id)).filter((r) => r !== undefined),
      );
    },
  };
}
