import { type Kysely, sql } from 'kysely';
import { idColumnType, isPostgres, primaryId } from '../dialect';

/**
 * House ads admins manage (docs/premium.md, "Ads"): image, link, language and the days they run.
 * An ad report names no member, so `reports.reported_id` may now be null (kind 'ad').
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('house_ads')
    .addColumn('id', idColumnType(db), primaryId(db))
    .addColumn('title', 'varchar(80)', (c) => c.notNull())
    .addColumn('body', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    // A picture under /media or an https URL; empty: the ad is drawn from its title and tone.
    .addColumn('image', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('link', 'varchar(300)', (c) => c.notNull())
    // es, en, or '' for every language.
    .addColumn('locale', 'varchar(5)', (c) => c.notNull().defaultTo(''))
    .addColumn('starts_at', 'bigint', (c) => c.notNull().defaultTo(0))
    // 0: no end.
    .addColumn('ends_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('house_ads_active').on('house_ads').columns(['active', 'locale']).execute();
  if (isPostgres(db)) {
    await db.schema
      .alterTable('reports')
      .alterColumn('reported_id', (c) => c.dropNotNull())
      .execute();
    return;
  }
  // SQLite cannot drop a NOT NULL: the table is rebuilt from its own definition (with every
  // column earlier migrations added, e.g. 027's resolution), its rows and its indexes.
  const { rows: tables } = await sql<{ sql: string }>`
    SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'reports'`.execute(db);
  const { rows: indexes } = await sql<{ sql: string }>`
    SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'reports' AND sql IS NOT NULL`.execute(
    db,
  );
  const definition = tables[0].sql
    .replace(/^CREATE TABLE "?reports"?/i, 'CREATE TABLE "reports_next"')
    .replace(/("?reported_id"? integer) not null/i, '$1');
  await sql.raw(definition).execute(db);
  await sql`INSERT INTO reports_next SELECT * FROM reports`.execute(db);
  await db.schema.dropTable('reports').execute();
  await db.schema.alterTable('reports_next').renameTo('reports').execute();
  for (const index of indexes) await sql.raw(index.sql).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('house_ads').execute();
}
