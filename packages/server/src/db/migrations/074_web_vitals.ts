import type { Kysely } from 'kysely';
import { idColumnType, primaryId } from '../dialect';

/**
 * Core Web Vitals as members' browsers measured them (docs/analytics.md, "Web vitals"): one row
 * per LCP, INP or CLS report, by page route, so the dashboard can read the 75th percentile per
 * page over the last days. Read by creation time, hence its index.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('web_vitals')
    .addColumn('id', idColumnType(db), primaryId(db))
    .addColumn('page', 'varchar(120)', (c) => c.notNull())
    .addColumn('metric', 'varchar(4)', (c) => c.notNull())
    .addColumn('value', 'double precision', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('web_vitals_created').on('web_vitals').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('web_vitals_created').execute();
  await db.schema.dropTable('web_vitals').execute();
}
