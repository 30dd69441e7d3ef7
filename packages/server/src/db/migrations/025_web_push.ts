import type { Kysely } from 'kysely';
import { idColumnType, primaryId } from '../dialect';

/**
 * Web Push (docs/web-push.md): one subscription per browser the member allowed, tied to the
 * session that made it so logging out (which deletes the session row) removes it too; and the
 * member's push choices: which kinds, previews, and their answer to the permission dialog.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', idColumnType(db), primaryId(db))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('session_hash', 'varchar(64)', (c) =>
      c.notNull().references('sessions.id_hash').onDelete('cascade'),
    )
    .addColumn('endpoint', 'varchar(1024)', (c) => c.notNull().unique())
    .addColumn('p256dh', 'varchar(200)', (c) => c.notNull())
    .addColumn('auth', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('push_subscriptions_user').on('push_subscriptions').column('user_id').execute();
  await db.schema
    .createIndex('push_subscriptions_session')
    .on('push_subscriptions')
    .column('session_hash')
    .execute();

  await db.schema
    .createTable('push_settings')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('messages', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('friend_requests', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('gifts', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('profile_visits', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('chat_private', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('broadcasts', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('media', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('previews', 'integer', (c) => c.notNull().defaultTo(1))
    /** 0 never asked, 1 accepted, 2 refused: a refused dialog is never offered again. */
    .addColumn('prompt', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('push_settings').execute();
  await db.schema.dropTable('push_subscriptions').execute();
}
