import type { Kysely } from 'kysely';
import { idColumnType, primaryId } from '../dialect';

/**
 * Chat: rooms, who is in each room now (live presence, pruned when a member's sockets are gone),
 * per-room roles (moderator, blocked, kicked until, invited), entries (public lines and private
 * messages inside a room), members' chat settings, ignores, recent rooms and the moderation log.
 * Public rooms (type 0) are seeded here by category and locale; admins manage them afterwards.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('chat_rooms')
    .addColumn('id', idColumnType(db), primaryId(db))
    .addColumn('name', 'varchar(40)', (c) => c.notNull())
    .addColumn('display_name', 'varchar(60)', (c) => c.notNull())
    .addColumn('category', 'varchar(40)', (c) => c.notNull())
    .addColumn('room_type', 'integer', (c) => c.notNull())
    .addColumn('max_users', 'integer', (c) => c.notNull())
    // Null for public rooms (admins manage them).
    .addColumn('owner_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('locale', 'varchar(5)', (c) => c.notNull())
    // The owner's country when made: "near me" for members of the same country.
    .addColumn('country', 'varchar(60)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('chat_rooms_list')
    .on('chat_rooms')
    .columns(['room_type', 'category', 'locale'])
    .execute();
  // A member's rooms by type: the profile room (type 1) is looked up here before it is made.
  await db.schema
    .createIndex('chat_rooms_owner')
    .on('chat_rooms')
    .columns(['owner_id', 'room_type'])
    .execute();

  await db.schema
    .createTable('chat_room_members')
    .addColumn('room_id', 'integer', (c) => c.notNull().references('chat_rooms.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('entered_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('chat_room_members_pk', ['room_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('chat_room_members_user')
    .on('chat_room_members')
    .columns(['user_id'])
    .execute();

  await db.schema
    .createTable('chat_room_roles')
    .addColumn('room_id', 'integer', (c) => c.notNull().references('chat_rooms.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // moderator | blocked | kicked | invited
    .addColumn('role', 'varchar(12)', (c) => c.notNull())
    // 0 for ever; kicks last until this time.
    .addColumn('until', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('chat_room_roles_pk', ['room_id', 'user_id', 'role'])
    .execute();

  await db.schema
    .createTable('chat_entries')
    .addColumn('id', idColumnType(db), primaryId(db))
    .addColumn('room_id', 'integer', (c) => c.notNull().references('chat_rooms.id').onDelete('cascade'))
    .addColumn('sender_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // 0 for a line everyone in the room sees; the recipient of a private message otherwise.
    .addColumn('dest_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('message_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('color', 'varchar(7)')
    .addColumn('emoticon_path', 'varchar(40)')
    .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('chat_entries_room')
    .on('chat_entries')
    .columns(['room_id', 'dest_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('chat_entries_dest')
    .on('chat_entries')
    .columns(['dest_id', 'is_read', 'room_id'])
    .execute();
  await db.schema
    .createIndex('chat_entries_sender')
    .on('chat_entries')
    .columns(['sender_id', 'room_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('chat_settings')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('color', 'varchar(7)')
    .addColumn('bg_color', 'varchar(7)')
    .addColumn('emoticon_path', 'varchar(40)', (c) => c.notNull().defaultTo('default'))
    .addColumn('layout_style', 'varchar(12)', (c) => c.notNull().defaultTo('cozy'))
    .addColumn('collapse_images', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('chat_ignores')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('ignored_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('chat_ignores_pk', ['user_id', 'ignored_id'])
    .execute();
  await db.schema.createIndex('chat_ignores_ignored').on('chat_ignores').columns(['ignored_id']).execute();

  await db.schema
    .createTable('chat_recent_rooms')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('room_id', 'integer', (c) => c.notNull().references('chat_rooms.id').onDelete('cascade'))
    .addColumn('entered_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('chat_recent_rooms_pk', ['user_id', 'room_id'])
    .execute();
  await db.schema
    .createIndex('chat_recent_rooms_list')
    .on('chat_recent_rooms')
    .columns(['user_id', 'entered_at'])
    .execute();

  await db.schema
    .createTable('chat_moderation_log')
    .addColumn('id', idColumnType(db), primaryId(db))
    .addColumn('room_id', 'integer', (c) => c.notNull().references('chat_rooms.id').onDelete('cascade'))
    .addColumn('actor_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('target_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('action', 'varchar(20)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('chat_moderation_log_room')
    .on('chat_moderation_log')
    .columns(['room_id', 'id'])
    .execute();

  const now = Date.now();
  const rooms = PUBLIC_ROOMS.map(([name, display_name, category, locale]) => ({
    name,
    display_name,
    category,
    locale,
    room_type: 0,
    max_users: 200,
    owner_id: null,
    country: null,
    created_at: now,
  }));
  await db.insertInto('chat_rooms').values(rooms).execute();
}

/** Public rooms every installation starts with: name, display name, category, locale. */
const PUBLIC_ROOMS: [string, string, string, string][] = [
  ['tertulia', 'La Tertulia', 'General', 'es'],
  ['amistad', 'Amistad', 'General', 'es'],
  ['ligoteo', 'Ligoteo', 'Citas', 'es'],
  ['musica', 'Música', 'Aficiones', 'es'],
  ['futbol', 'Fútbol', 'Deportes', 'es'],
  ['lounge', 'The Lounge', 'General', 'en'],
  ['dating', 'Dating', 'Dating', 'en'],
  ['music', 'Music', 'Hobbies', 'en'],
];

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'chat_moderation_log',
    'chat_recent_rooms',
    'chat_ignores',
    'chat_settings',
    'chat_entries',
    'chat_room_roles',
    'chat_room_members',
    'chat_rooms',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
