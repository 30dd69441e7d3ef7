import { type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import { idInParameter } from '../../db/id-list';
import type { Db } from '../../db/index';
import type { Database } from '../../db/schema';
import type { UserRow } from '../../http/context';
import { OnlineVisibility } from '../../policy/preferences';
import { notInvisibleNow } from '../../policy/premium-store';
import { type NearShape, nearPlan, WITH_BANNED } from './search-plan';

/**
 * The SQL of each condition a member search may have (search-plan.ts decides which, and their
 * values). The SQL text of a search depends only on which conditions it has, so each shape is
 * built and compiled once (search-store.ts).
 */

export type Query = SelectQueryBuilder<Database, 'users', object>;
type Eb = ExpressionBuilder<Database, 'users'>;

const lower = (column: string) => sql<string>`lower(${sql.ref(column)})`;

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
} satisfies Record<NearShape, readonly [number, (eb: Eb, values: readonly unknown[]) => Expression<SqlBool>]>;

/** Same place as the viewer within their searchProximity (the buddies and feed "near me" use it too). */
export function near(eb: Eb, viewer: UserRow): Expression<SqlBool> {
  const { shape, values } = nearPlan(viewer);
  return NEAR[shape][1](eb, values);
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
 * its SQL on them.
 */
export const TERMS: Record<string, readonly [number, Where]> = {
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
  // lower(email) has its own index (migration 015).
  email: [1, lowerIs('users.email')],
  // Not a filter: it tells search-store.ts's visibleTo to keep banned members.
  [WITH_BANNED]: [0, (q) => q],
  photosOnly: [0, (q) => q.where('users.image1', 'is not', null)],
  // Online members (one id-list parameter, db/id-list.ts), invisible ones and those seen
  // online by friends or nobody (policy/preferences.ts) left out: policy/graph's appearsOnline
  // as a stranger sees it, without a friendship probe per candidate row.
  online: [
    1,
    (q, [ids], db) =>
      q.where((eb) =>
        eb.and([
          idInParameter(db, 'users.id', ids),
          notInvisibleNow(eb, 'users'),
          eb('users.online_visibility', '=', OnlineVisibility.EVERYONE),
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
