import { type Kysely, sql } from 'kysely';
import { idColumnType, isPostgres, primaryId } from '../dialect';

/**
 * Room moderation stays in its room:
 * - a room gag is a `gagged` row in chat_room_roles with its end in `until` (no schema change);
 * - chat_recent_rooms.left_at records when a member last left a room, so owners and moderators
 *   act only on members who are in their room or were there within the last day;
 * - the moderation log says until when an action lasts, and may name no room (a site-wide gag,
 *   set by admins): rebuilt with a nullable room_id, which neither dialect can alter in place
 *   the same way.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('chat_recent_rooms')
    .addColumn('left_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('chat_moderation_log_v2')
    .addColumn('id', idColumnType(db), primaryId(db))
    // Null: a site-wide action (the admins' chat gag).
    .addColumn('room_id', 'integer', (c) => c.references('chat_rooms.id').onDelete('cascade'))
    .addColumn('actor_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('target_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('action', 'varchar(20)', (c) => c.notNull())
    // When the action ends (epoch ms); 0 when it does not (unblock, moderator changes).
    .addColumn('until', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  const columns = ['id', 'room_id', 'actor_id', 'target_id', 'action', 'created_at'] as const;
  await db
    .insertInto('chat_moderation_log_v2')
    .columns([...columns])
    .expression(db.selectFrom('chat_moderation_log').select([...columns]))
    .execute();
  if (isPostgres(db)) {
    await sql`SELECT setval(pg_get_serial_sequence('chat_moderation_log_v2', 'id'),
      COALESCE((SELECT MAX(id) FROM chat_moderation_log_v2), 0) + 1, false)`.execute(db);
  }
  await db.schema.dropTable('chat_moderation_log').execute();
  await db.schema.alterTable('chat_moderation_log_v2').renameTo('chat_moderation_log').execute();
  await db.schema
    .createIndex('chat_moderation_log_room')
    .on('chat_moderation_log')
    .columns(['room_id', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('chat_room_roles').where('role', '=', 'gagged').execute();
  // The nullable room_id stays (006's down drops the table); rows without a room go.
  await db.deleteFrom('chat_moderation_log').where('room_id', 'is', null).execute();
  await db.schema.alterTable('chat_moderation_log').dropColumn('until').execute();
  await db.schema.alterTable('chat_recent_rooms').dropColumn('left_at').execute();
}
