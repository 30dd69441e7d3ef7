import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { type GraphStore, graphStore } from '../../policy/graph-store';

/**
 * @deprecated The social graph has one owner: ask policy/graph.ts (`socialGraph(db)`, and
 * `noBlockWith` for queries). This file only forwards there, with no SQL of its own, while
 * messaging, chat and feed still import it on main; the coordinator deletes it after merging
 * their branches (docs/architecture.md, "The policy module").
 */
export { noBlockWith } from '../../policy/graph-store';

// One graph store per database (or transaction): these are called on chat's busy paths.
const stores = new WeakMap<Kysely<Database>, GraphStore>();
function graphOf(db: Kysely<Database>): GraphStore {
  const known = stores.get(db);
  if (known) return known;
  const store = graphStore(db);
  stores.set(db, store);
  return store;
}

/** @deprecated socialGraph(db).blockedEitherWay */
export const blockedEitherWay = (db: Kysely<Database>, a: number, b: number) =>
  graphOf(db).blockedEitherWay(a, b);

/** @deprecated socialGraph(db).blockedWithAmong */
export const blockedWithAmong = (db: Kysely<Database>, me: number, ids: number[]) =>
  graphOf(db).blockedWithAmong(me, ids);

/** @deprecated socialGraph(db).blockPartners */
export const blockPartners = (db: Kysely<Database>, me: number) => graphOf(db).blockPartners(me);
