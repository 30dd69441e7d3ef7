import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import { isPostgres } from './dialect';

/**
 * `column` is one of `ids`, the ids sent as one parameter (a JSON array on SQLite, an int[] on
 * PostgreSQL). A list of placeholders costs more to build and compile than a small query takes
 * to run (20-30 µs per hundred ids), and gives every length of list its own statement.
 */
export function idIn(db: Kysely<any>, column: string, ids: readonly number[]): Expression<SqlBool> {
  return idInParameter(db, column, idsParameter(db, ids));
}

/** The one parameter idIn sends for `ids`. */
export function idsParameter(db: Kysely<any>, ids: readonly number[]): unknown {
  return isPostgres(db) ? ids : JSON.stringify(ids);
}

/** idIn with the parameter given as is: a stand-in in a prepared query (db/prepared.ts). */
export function idInParameter(db: Kysely<any>, column: string, parameter: unknown): Expression<SqlBool> {
  return isPostgres(db)
    ? sql<SqlBool>`${sql.ref(column)} = ANY(${parameter}::int[])`
    : sql<SqlBool>`${sql.ref(column)} IN (SELECT value FROM json_each(${parameter}))`;
}
