import type { AdvancedSearchFields, User } from '@tertulia/contract';
import { type ExpressionBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { Db } from '../../db/index';
import type { Database } from '../../db/schema';
import type { Deps } from '../../deps';
import type { UserRow } from '../../http/context';
import { ageOn } from '../accounts/rules';
import type { PeopleService } from './service';

type Query = SelectQueryBuilder<Database, 'users', object>;
type Eb = ExpressionBuilder<Database, 'users'>;
type SearchParams = Omit<AdvancedSearchFields, 'email'> & { page?: number; limit?: number };

const SORTS = {
  LAST_ACCESS_DESC: ['last_access', 'desc'],
  LAST_UPDATE_DESC: ['profile_updated_at', 'desc'],
  NAME_ASC: ['name_lower', 'asc'],
} as const;
const ONLINE_SCAN = 5000;
const RECOMMENDATION_POOL = 500;

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

/** Same place as the viewer within their searchProximity: 1 city (or postal code), 2 state, 3 country. */
export function near(eb: Eb, viewer: UserRow) {
  const country = viewer.country?.toLowerCase();
  if (!country) return sql<boolean>`1 = 0`;
  const sameCountry = eb(lower('users.country'), '=', country);
  if (viewer.search_proximity >= 3) return sameCountry;
  if (viewer.search_proximity === 2 && viewer.state) {
    return eb.and([sameCountry, eb(lower('users.state'), '=', viewer.state.toLowerCase())]);
  }
  const sameCity = viewer.city
    ? eb.and([sameCountry, eb(lower('users.city'), '=', viewer.city.toLowerCase())])
    : undefined;
  const samePostal = viewer.postal_code ? eb('users.postal_code', '=', viewer.postal_code) : undefined;
  const options = [sameCity, samePostal].filter((e) => e !== undefined);
  return options.length ? eb.or(options) : sameCountry;
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

function prefix(query: Query, column: 'users.name_lower', text: string): Query {
  const start = text.toLowerCase();
  // A range instead of LIKE, so the index on name_lower serves it on both dialects.
  return query.where(column, '>=', start).where(column, '<', `${start}\uffff`);
}

/**
 * postalProximity is a distance in km, approximated without geocoding by how many trailing
 * postal-code digits may differ: up to 10 km one digit, up to 50 km two, farther three.
 */
export function postalDigitsToDrop(km: number): number {
  if (km <= 0) return 0;
  return km <= 10 ? 1 : km <= 50 ? 2 : 3;
}

export function applyFilters(query: Query, f: Partial<SearchParams>, viewer: UserRow): Query {
  let q = query;
  if (f.gender) q = q.where('users.gender', '=', f.gender);
  if (f.minAge) q = q.where('users.birth_date', '<=', birthBound(f.minAge));
  if (f.maxAge) q = q.where('users.birth_date', '>', birthBound(f.maxAge + 1));
  const country = f.country ?? f.countryCode;
  if (country) q = q.where(lower('users.country'), '=', country.trim().toLowerCase());
  if (f.state) q = q.where(lower('users.state'), '=', f.state.trim().toLowerCase());
  if (f.city) q = q.where(lower('users.city'), '=', f.city.trim().toLowerCase());
  if (f.postalCode) {
    const code = f.postalCode.trim();
    const keep = Math.max(2, code.length - postalDigitsToDrop(f.postalProximity ?? 0));
    q =
      keep >= code.length
        ? q.where('users.postal_code', '=', code)
        : q.where('users.postal_code', 'like', `${code.slice(0, keep)}%`);
  }
  if (f.areacode) q = q.where('users.postal_code', 'like', `${f.areacode.trim()}%`);
  if (f.userName) q = prefix(q, 'users.name_lower', f.userName.trim());
  if (f.firstName) q = q.where(lower('users.first_name'), 'like', `${f.firstName.trim().toLowerCase()}%`);
  if (f.lastName) q = q.where(lower('users.last_name'), 'like', `${f.lastName.trim().toLowerCase()}%`);
  if (f.about) q = q.where(lower('users.about'), 'like', `%${f.about.trim().toLowerCase()}%`);
  if (f.children) q = q.where('users.children', '=', f.children);
  if (f.education) q = q.where('users.education', '=', f.education);
  if (f.ethnicity) q = q.where('users.ethnicity', '=', f.ethnicity);
  if (f.lookingFor) q = q.where('users.looking_for', '=', f.lookingFor);
  if (f.status) q = q.where('users.relationship_status', '=', f.status);
  if (f.orient) q = q.where('users.sexual_orientation', '=', f.orient);
  if (f.verified) q = q.where('users.verified', '=', 1);
  if (f.photosOnly) q = q.where('users.image1', 'is not', null);
  if (f.nearMe) q = q.where((eb) => near(eb, viewer));
  return q;
}

/** The two statements of a result page, built but not run: the count and the rows in order. */
export function pageStatements(
  query: Query,
  order: readonly [string, 'asc' | 'desc'],
  offset: number,
  take: number,
) {
  return {
    count: query.select((eb) => eb.fn.countAll<number>().as('n')),
    rows: query
      .selectAll('users')
      .orderBy(sql.ref(`users.${order[0]}`), order[1])
      .orderBy('users.id', 'desc')
      .offset(offset)
      .limit(take),
  };
}

/** The members an advanced search matches and their order, built but not run (the benchmark explains it). */
export function advancedQuery(db: Db, viewer: UserRow, filters: Partial<SearchParams>) {
  return {
    query: applyFilters(visibleTo(db.selectFrom('users'), viewer.id), filters, viewer),
    order: SORTS[filters.sortBy ?? 'LAST_ACCESS_DESC'],
  };
}

export function searchService(deps: Deps, people: PeopleService) {
  const { db } = deps;
  const base = (viewer: UserRow) => visibleTo(db.selectFrom('users'), viewer.id);

  async function page(
    viewer: UserRow,
    query: Query,
    order: readonly [string, 'asc' | 'desc'],
    p: { page?: number; limit?: number },
    totalLimit?: number,
  ) {
    const size = p.limit ?? 20;
    const offset = ((p.page ?? 1) - 1) * size;
    const cap = totalLimit ?? Number.MAX_SAFE_INTEGER;
    const take = Math.max(0, Math.min(size, cap - offset));
    const { count, rows } = pageStatements(query, order, offset, take);
    // The page first, then its count beside what presenting the page asks (ties, presence).
    const found = take ? ((await rows.execute()) as UserRow[]) : [];
    const [countRow, searchResults] = await Promise.all([
      count.executeTakeFirst(),
      people.present(viewer, found),
    ]);
    return { searchResults, totalNumberResults: Math.min(Number(countRow?.n ?? 0), cap) };
  }

  return {
    async advanced(viewer: UserRow, params: SearchParams) {
      const { page: pageNo, limit, useStoredParams, ...given } = params;
      let filters = dropEmpty(given);
      if (useStoredParams && viewer.search_params) {
        filters = { ...(JSON.parse(viewer.search_params) as Partial<SearchParams>), ...filters };
      }
      // Remembered for useStoredParams, beside the search rather than before it, and only when it
      // changed: scrolling through the pages of one search writes nothing.
      const stored = JSON.stringify(filters);
      const remember =
        Object.keys(filters).length && stored !== viewer.search_params
          ? db.updateTable('users').set({ search_params: stored }).where('id', '=', viewer.id).execute()
          : undefined;
      const { query, order } = advancedQuery(db, viewer, filters);
      const [result] = await Promise.all([
        page(viewer, query, order, { page: pageNo, limit }, filters.totalLimit),
        remember,
      ]);
      return result;
    },

    byName(viewer: UserRow, name: string, p: { page?: number; limit?: number }) {
      return page(viewer, prefix(base(viewer), 'users.name_lower', name.trim()), SORTS.NAME_ASC, p);
    },

    nearMe(viewer: UserRow, p: { page?: number; limit?: number }) {
      return page(
        viewer,
        base(viewer).where((eb) => near(eb, viewer)),
        SORTS.LAST_ACCESS_DESC,
        p,
      );
    },

    /** Online now, from presence; invisible members never count as online. */
    async onlineByGender(viewer: UserRow, male: boolean, p: { page?: number; limit?: number }) {
      const online = await deps.presence.onlineUserIds(ONLINE_SCAN);
      if (online.length === 0) return { searchResults: [] as User[], totalNumberResults: 0 };
      const query = base(viewer)
        .where('users.id', 'in', online)
        .where('users.gender', '=', male ? 'm' : 'f')
        .where('users.online_status', '!=', 1);
      return page(viewer, query, SORTS.LAST_ACCESS_DESC, p);
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
      const pool = base(viewer)
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
