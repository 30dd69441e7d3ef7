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
  // SQLite cannot drop a NOT NULL: the table is rebuilt with the same columns, rows and indexes.
  await db.schema
    .createTable('reports_next')
    .addColumn('id', idColumnType(db), primaryId(db))
    .addColumn('reporter_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reported_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('item_id', 'integer')
    .addColumn('comment', 'text')
    .addColumn('url', 'varchar(500)')
    .addColumn('status', 'varchar(12)', (c) => c.notNull().defaultTo('open'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await sql`INSERT INTO reports_next SELECT id, reporter_id, reported_id, kind, item_id, comment, url, status, created_at FROM reports`.execute(
    db,
  );
  await db.schema.dropTable('reports').execute();
  await db.schema.alterTable('reports_next').renameTo('reports').execute();
  await db.schema.createIndex('reports_open').on('reports').columns(['status', 'created_at']).execute();
  await db.schema
    .createIndex('reports_reported')
    .on('reports')
    .columns(['reported_id', 'reporter_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('house_ads').execute();
}
