import { type Kysely, sql } from 'kysely';

/**
 * Sessions a member can list and end (a public id, the device and address that started them),
 * accounts deleted by their owner (hidden like a ban until purged), and failed logins the
 * member is told of at the next login. See docs/accounts.md.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('public_id', 'varchar(32)').execute();
  await db.schema.alterTable('sessions').addColumn('user_agent', 'varchar(200)').execute();
  await db.schema.alterTable('sessions').addColumn('address', 'varchar(64)').execute();
  // Sessions from before: a prefix of the stored hash is opaque enough to name them to their owner.
  await sql`UPDATE sessions SET public_id = substr(id_hash, 1, 16)`.execute(db);

  await db.schema
    .alterTable('users')
    .addColumn('deleted_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('users_deleted_at').on('users').column('deleted_at').execute();

  await db.schema
    .createTable('login_failures')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('last_at', 'bigint', (c) => c.notNull())
    .addColumn('last_address', 'varchar(64)')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('login_failures').execute();
  await db.schema.dropIndex('users_deleted_at').execute();
  await db.schema.alterTable('users').dropColumn('deleted_at').execute();
  for (const column of ['address', 'user_agent', 'public_id'])
    await db.schema.alterTable('sessions').dropColumn(column).execute();
}
