import { type Kysely, sql } from 'kysely';

/**
 * The member's emoticon theme moves to their user row (it is a User field, and the session row
 * already carries it to every chat line); a phone a member may give, which a friend request to a
 * private list may name as proof; and an index for the admins' search by email.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('emoticon_path', 'varchar(40)', (c) => c.notNull().defaultTo('default'))
    .execute();
  await db.schema.alterTable('users').addColumn('phone', 'varchar(20)').execute();
  await sql`update users set emoticon_path = (select s.emoticon_path from chat_settings s where s.user_id = users.id)
    where exists (select 1 from chat_settings s where s.user_id = users.id)`.execute(db);
  await db.schema.alterTable('chat_settings').dropColumn('emoticon_path').execute();
  await db.schema.createIndex('users_email_lower').on('users').expression(sql`lower(email)`).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_email_lower').execute();
  await db.schema
    .alterTable('chat_settings')
    .addColumn('emoticon_path', 'varchar(40)', (c) => c.notNull().defaultTo('default'))
    .execute();
  await sql`update chat_settings set emoticon_path = (select u.emoticon_path from users u where u.id = chat_settings.user_id)`.execute(
    db,
  );
  await db.schema.alterTable('users').dropColumn('phone').execute();
  await db.schema.alterTable('users').dropColumn('emoticon_path').execute();
}
