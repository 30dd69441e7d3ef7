import { type Kysely, sql } from 'kysely';
import { idColumnType, isPostgres, primaryId } from '../dialect';

/** Members and their sessions. Member ids start at 10001: ids below 2000 are staff accounts (spec 6). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', idColumnType(db), primaryId(db))
    .addColumn('name', 'varchar(20)', (c) => c.notNull())
    .addColumn('name_lower', 'varchar(20)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('gender', 'varchar(1)', (c) => c.notNull())
    .addColumn('birth_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('locale', 'varchar(5)', (c) => c.notNull().defaultTo('es'))
    .addColumn('verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('star', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('chat_gag_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('online_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('online_message', 'varchar(140)')
    .addColumn('creation_time', 'bigint', (c) => c.notNull())
    .addColumn('last_access', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_last_access').on('users').column('last_access').execute();

  if (isPostgres(db)) await sql`ALTER SEQUENCE users_id_seq RESTART WITH 10001`.execute(db);
  else await sql`INSERT INTO sqlite_sequence (name, seq) VALUES ('users', 10000)`.execute(db);

  await db.schema
    .createTable('sessions')
    .addColumn('id_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('remember', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();
  await db.schema.createIndex('sessions_expires').on('sessions').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sessions').execute();
  await db.schema.dropTable('users').execute();
}
