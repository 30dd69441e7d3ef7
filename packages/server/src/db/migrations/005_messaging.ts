import type { Kysely } from 'kysely';
import { idColumnType, primaryId } from '../dialect';

/**
 * Messaging: conversations (1 IM, 2 UGC group; 3 chat belongs to the chat issue), their members
 * (joined, left, read mark, and a copy of the conversation's last activity so a member's list is
 * one index range), messages, and the members' IM colours. Offline mail reuses offline_messages
 * (category 1) from 004.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('im_color', 'varchar(7)').execute();
  await db.schema.alterTable('users').addColumn('im_bg_color', 'varchar(7)').execute();

  await db.schema
    .createTable('conversations')
    .addColumn('id', idColumnType(db), primaryId(db))
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(60)')
    // 'minId:maxId' for an IM, so two members have one IM at most; null for groups.
    .addColumn('im_key', 'varchar(40)', (c) => c.unique())
    .addColumn('is_read_only', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('allow_invite', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('message_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_activity', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('conversation_members')
    .addColumn('conversation_id', 'integer', (c) =>
      c.notNull().references('conversations.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('joined_at', 'bigint', (c) => c.notNull())
    .addColumn('left_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('read_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('last_activity', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('conversation_members_pk', ['conversation_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('conversation_members_list')
    .on('conversation_members')
    .columns(['user_id', 'left_at', 'last_activity', 'conversation_id'])
    .execute();

  await db.schema
    .createTable('messages')
    .addColumn('id', idColumnType(db), primaryId(db))
    .addColumn('conversation_id', 'integer', (c) =>
      c.notNull().references('conversations.id').onDelete('cascade'),
    )
    .addColumn('sender_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('bg_color', 'varchar(7)')
    .addColumn('fg_color', 'varchar(7)')
    .addColumn('client_id', 'varchar(64)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('messages_conversation')
    .on('messages')
    .columns(['conversation_id', 'id'])
    .execute();
  // Unread counts read only the lines after a member's read mark.
  await db.schema
    .createIndex('messages_conversation_time')
    .on('messages')
    .columns(['conversation_id', 'created_at'])
    .execute();
  // Offline mail (category 1) pages: the inbox and the sent box, newest first.
  await db.schema
    .createIndex('offline_messages_mail_in')
    .on('offline_messages')
    .columns(['recipient_id', 'category', 'created_at'])
    .execute();
  await db.schema
    .createIndex('offline_messages_mail_out')
    .on('offline_messages')
    .columns(['sender_id', 'category', 'created_at'])
    .execute();
  // A retry of (sender, clientMessageId) is stored once; rows without a client id are not constrained.
  await db.schema
    .createIndex('messages_client')
    .on('messages')
    .columns(['sender_id', 'client_id'])
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of ['offline_messages_mail_in', 'offline_messages_mail_out']) {
    await db.schema.dropIndex(index).execute();
  }
  for (const table of ['messages', 'conversation_members', 'conversations']) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.alterTable('users').dropColumn('im_bg_color').execute();
  await db.schema.alterTable('users').dropColumn('im_color').execute();
}
