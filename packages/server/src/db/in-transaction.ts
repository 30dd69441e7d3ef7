import type { Kysely } from 'kysely';
import type { Database } from './schema';

/**
 * Runs `work` in the caller's transaction when `db` is one (a store built on a unit of work's
 * `trx`, effects/unit-of-work.ts), else in a transaction of its own: a store's multi-statement
 * write stays atomic either way.
 */
export function inTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
