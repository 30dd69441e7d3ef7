import { type Kysely, sql } from 'kysely';

/**
 * A member's last advanced search (useStoredParams) moves out of their users row into a table of
 * its own: every changed search wrote the row, and every write to a member's row drops their
 * cached sessions everywhere (push/member-changes.ts), so the next request read the session again.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('member_searches')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('params', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await sql`INSERT INTO member_searches (user_id, params, updated_at)
    SELECT id, search_params, last_access FROM users WHERE search_params IS NOT NULL`.execute(db);
  await db.schema.alterTable('users').dropColumn('search_params').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('search_params', 'text').execute();
  await sql`UPDATE users SET search_params =
    (SELECT params FROM member_searches WHERE member_searches.user_id = users.id)`.execute(db);
  await db.schema.dropTable('member_searches').execute();
}
