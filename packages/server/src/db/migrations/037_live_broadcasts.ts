import type { Kysely } from 'kysely';
import { idColumnType, primaryId } from '../dialect';

/**
 * Live broadcasts as far as reaching members goes (docs/web-push.md, "Broadcasts"): who is on air
 * since when, under which broadcast id, and whether their friends were told (so starting and
 * stopping again and again does not notify them every time).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('live_broadcasts')
    .addColumn('id', idColumnType(db), primaryId(db))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('broadcast_id', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    /** 0 while on air. */
    .addColumn('ended_at', 'bigint', (c) => c.notNull().defaultTo(0))
    /** 1: the member's friends were sent a notification for this one. */
    .addColumn('notified', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('live_broadcasts_user')
    .on('live_broadcasts')
    .columns(['user_id', 'started_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('live_broadcasts').execute();
}
