import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter } from 'kysely';

/** The one place that knows which SQL dialect a Kysely instance speaks. */
export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** An auto-increment integer primary key on either dialect. */
export function idColumnType(db: Kysely<any>) {
  return isPostgres(db) ? ('serial' as const) : ('integer' as const);
}

export function primaryId(db: Kysely<any>) {
  return (col: ColumnDefinitionBuilder) =>
    isPostgres(db) ? col.primaryKey() : col.primaryKey().autoIncrement();
}
