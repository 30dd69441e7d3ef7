import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { graphStore } from '../../policy/graph-store';

/**
 * @deprecated The social graph has one owner: ask policy/graph.ts (`socialGraph(db)`, and
 * `noBlockWith` for queries). This file only forwards there, with no SQL of its own, while
 * messaging, chat and feed still import it on main; the coordinator deletes it after merging
 * their branches (docs/architecture.md, "The policy module").
 */
export { noBlockWith } from '../../policy/graph-store';

/** @deprecated socialGraph(db).blockedEitherWay */
export const blockedEitherWay = (db: Kysely<Database>, a: number, b: number) =>
  graphStore(db).blockedEitherWay(a, b);

/** @deprecated socialGraph(db).blockedWithAmong */
export const blockedWithAmong = (db: Kysely<Database>, me: number, ids: number[]) =>
  graphStore(db).blockedWithAmong(me, ids);

/** @deprecated socialGraph(db).blockPartners */
export const blockPartners = (db: Kysely<Database>, me: number) => graphStore(db).blockPartners(me);
