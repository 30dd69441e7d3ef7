import type { Kysely } from 'kysely';

/**
 * The User fields kept rather than derived (docs/member-fields.md): admin flags, the count of
 * distinct members who reported someone, the profile song; members' points in their own table
 * so a chat line never rewrites the users row; the offline mail a conversation line came from.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const column of ['admin_flagged', 'reporters_count', 'is_fan_profile', 'is_featured_artist']) {
    await db.schema
      .alterTable('users')
      .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }
  await db.schema.alterTable('users').addColumn('song', 'varchar(200)').execute();
  await db.schema
    .createTable('member_points')
    .addColumn('user_id', 'integer', (c) => c.primaryKey())
    .addColumn('chat_points', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('chat_day', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('chat_today', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('love_points', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('messages').addColumn('offline_id', 'bigint').execute();
  // Each report recounts the distinct reporters of the member.
  await db.schema
    .createIndex('reports_reported')
    .on('reports')
    .columns(['reported_id', 'reporter_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('reports_reported').execute();
  await db.schema.alterTable('messages').dropColumn('offline_id').execute();
  await db.schema.dropTable('member_points').execute();
  for (const column of ['admin_flagged', 'reporters_count', 'is_fan_profile', 'is_featured_artist', 'song']) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
}
