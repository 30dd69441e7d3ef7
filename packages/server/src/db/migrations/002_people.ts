import { type Kysely, sql } from 'kysely';
import { idColumnType, primaryId } from '../dialect';

const PROFILE_TEXT: [string, string][] = [
  ['first_name', 'varchar(40)'],
  ['last_name', 'varchar(40)'],
  ['about', 'text'],
  ['country', 'varchar(60)'],
  ['state', 'varchar(60)'],
  ['city', 'varchar(60)'],
  ['postal_code', 'varchar(12)'],
  ['external_links', 'text'],
  ['font', 'varchar(40)'],
  ['image1', 'varchar(200)'],
  ['bg_image', 'varchar(200)'],
  ['bg_style', 'varchar(20)'],
  ['search_params', 'text'],
  ['dismissed_tips', 'text'],
];
const PROFILE_INT = [
  'education',
  'ethnicity',
  'children',
  'looking_for',
  'relationship_status',
  'relationship_type',
  'relationship_partner_id',
  'sexual_orientation',
  'im_permission',
  'message_permission',
  'pm_permission',
  'will_accept_video_call',
  'view_count',
];

/** Profiles, friendships (read here, written by buddies), blocks, visits, reports, verification. */
export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, type] of PROFILE_TEXT) {
    await db.schema
      .alterTable('users')
      .addColumn(name, type as 'text')
      .execute();
  }
  for (const name of PROFILE_INT) {
    await db.schema
      .alterTable('users')
      .addColumn(name, 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }
  await db.schema
    .alterTable('users')
    .addColumn('search_proximity', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  for (const name of ['pledged_at', 'banned_at', 'profile_updated_at']) {
    await db.schema
      .alterTable('users')
      .addColumn(name, 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
  }
  // Search paths: by name prefix; by gender and country in order of recency (the common advanced
  // search finds its members and reads its page in order from this one index; gender alone uses
  // its prefix); by place; by age.
  await sql`CREATE INDEX users_gender_country_access ON users (gender, lower(country), last_access)`.execute(
    db,
  );
  // Places are matched without regard to case: "madrid" finds "Madrid".
  await sql`CREATE INDEX users_place ON users (lower(country), lower(city))`.execute(db);
  await sql`CREATE INDEX users_region ON users (lower(country), lower(state))`.execute(db);
  await db.schema.createIndex('users_postal').on('users').column('postal_code').execute();
  await db.schema.createIndex('users_birth').on('users').column('birth_date').execute();
  await db.schema.createIndex('users_updated').on('users').column('profile_updated_at').execute();

  await db.schema
    .createTable('friendships')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('friend_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('friendships_pk', ['user_id', 'friend_id'])
    .execute();
  await db.schema.createIndex('friendships_friend').on('friendships').column('friend_id').execute();

  await db.schema
    .createTable('blocks')
    .addColumn('blocker_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('blocked_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('blocks_pk', ['blocker_id', 'blocked_id'])
    .execute();
  await db.schema.createIndex('blocks_blocked').on('blocks').column('blocked_id').execute();

  await db.schema
    .createTable('profile_visits')
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('visitor_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('last_visit', 'bigint', (c) => c.notNull())
    .addColumn('visits', 'integer', (c) => c.notNull().defaultTo(1))
    .addPrimaryKeyConstraint('profile_visits_pk', ['owner_id', 'visitor_id'])
    .execute();
  await db.schema
    .createIndex('profile_visits_recent')
    .on('profile_visits')
    .columns(['owner_id', 'last_visit'])
    .execute();

  await db.schema
    .createTable('reports')
    .addColumn('id', idColumnType(db), primaryId(db))
    .addColumn('reporter_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reported_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('item_id', 'integer')
    .addColumn('comment', 'text')
    .addColumn('url', 'varchar(500)')
    .addColumn('status', 'varchar(12)', (c) => c.notNull().defaultTo('open'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('reports_open').on('reports').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('verification_tokens')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('verification_tokens_user')
    .on('verification_tokens')
    .column('user_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['verification_tokens', 'reports', 'profile_visits', 'blocks', 'friendships']) {
    await db.schema.dropTable(table).execute();
  }
  for (const index of [
    'users_gender_country_access',
    'users_place',
    'users_region',
    'users_postal',
    'users_birth',
    'users_updated',
  ]) {
    await db.schema.dropIndex(index).execute();
  }
  const columns = [
    ...PROFILE_TEXT.map(([n]) => n),
    ...PROFILE_INT,
    'search_proximity',
    'pledged_at',
    'banned_at',
    'profile_updated_at',
  ];
  for (const name of columns) await db.schema.alterTable('users').dropColumn(name).execute();
}
