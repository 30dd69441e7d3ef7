import type { Kysely } from 'kysely';
import { idColumnType, primaryId } from '../dialect';

/** House ads admins manage (docs/premium.md, "Ads"): image, link, language and the days they run. */
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
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('house_ads').execute();
}
