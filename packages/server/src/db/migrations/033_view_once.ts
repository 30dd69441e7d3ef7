import type { Kysely } from 'kysely';
import { idColumnType, primaryId } from '../dialect';

/**
 * View-once photos and videos (docs/ephemeral.md): the items, and each recipient's time with
 * one. Items carry their retention end; the sweeper removes them with their files.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ephemeral_items')
    .addColumn('id', idColumnType(db), primaryId(db))
    .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('conversation_id', 'integer')
    .addColumn('room_id', 'integer')
    .addColumn('state', 'varchar(12)', (c) => c.notNull().defaultTo('ready'))
    .addColumn('media_name', 'varchar(200)')
    .addColumn('thumb_key', 'varchar(64)')
    .addColumn('expiration', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ephemeral_items_expiry').on('ephemeral_items').column('expires_at').execute();

  await db.schema
    .createTable('ephemeral_views')
    .addColumn('item_id', 'integer', (c) => c.notNull().references('ephemeral_items.id').onDelete('cascade'))
    .addColumn('viewer_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('viewed_ms', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('opened_at', 'bigint')
    .addColumn('opened_base_ms', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('first_viewed_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('ephemeral_views_pk', ['item_id', 'viewer_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ephemeral_views').execute();
  await db.schema.dropTable('ephemeral_items').execute();
}
