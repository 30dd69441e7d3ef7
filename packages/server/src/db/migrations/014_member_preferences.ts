import type { Kysely } from 'kysely';

/**
 * Member preferences the server honours (docs/preferences.md): which events push, whether
 * sound plays, who sees one online; and an email change waiting for its confirmation link.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const column of [
    'notify_messages',
    'notify_friend_requests',
    'notify_likes_comments',
    'notify_chat_invites',
    'notify_sound',
  ]) {
    await db.schema
      .alterTable('users')
      .addColumn(column, 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
  }
  await db.schema
    .alterTable('users')
    .addColumn('online_visibility', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('users').addColumn('pending_email', 'varchar(254)').execute();
  await db.schema.alterTable('users').addColumn('pending_email_hash', 'varchar(64)').execute();
  await db.schema
    .alterTable('users')
    .addColumn('pending_email_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('users_pending_email_hash').on('users').column('pending_email_hash').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_pending_email_hash').execute();
  for (const column of [
    'notify_messages',
    'notify_friend_requests',
    'notify_likes_comments',
    'notify_chat_invites',
    'notify_sound',
    'online_visibility',
    'pending_email',
    'pending_email_hash',
    'pending_email_until',
  ]) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
}
