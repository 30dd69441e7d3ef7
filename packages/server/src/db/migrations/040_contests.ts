import type { Kysely } from 'kysely';
import { idColumnType, primaryId } from '../dialect';

/**
 * Gift contests (docs/rewards.md): the contest with its prize pool, who entered, and who won.
 * settled_at is the claim that makes drawing the winners happen once, however many servers expire it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('contests')
    .addColumn('id', idColumnType(db), primaryId(db))
    .addColumn('name', 'varchar(60)', (c) => c.notNull())
    // top: the top of a leaderboard (event_id's board of `board`); random: entrants drawn at random.
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('board', 'varchar(10)', (c) => c.notNull())
    .addColumn('event_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('currency', 'varchar(10)', (c) => c.notNull())
    // Amounts by place, comma separated: "500,200,100".
    .addColumn('prizes', 'varchar(90)', (c) => c.notNull())
    .addColumn('room_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('starts_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('settled_at', 'bigint')
    .execute();
  // The expiry job's walk (unsettled, soonest first) and the list's (newest ending first).
  await db.schema.createIndex('contests_due').on('contests').columns(['settled_at', 'expires_at']).execute();
  await db.schema.createIndex('contests_expiry').on('contests').column('expires_at').execute();
  await db.schema
    .createTable('contest_entries')
    .addColumn('id', idColumnType(db), primaryId(db))
    .addColumn('contest_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('contest_entries_once')
    .on('contest_entries')
    .columns(['contest_id', 'user_id'])
    .unique()
    .execute();
  await db.schema
    .createTable('contest_winners')
    .addColumn('contest_id', 'integer', (c) => c.notNull())
    .addColumn('place', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('redeemed_at', 'bigint')
    .addPrimaryKeyConstraint('contest_winners_pk', ['contest_id', 'place'])
    .execute();
  await db.schema
    .createIndex('contest_winners_once')
    .on('contest_winners')
    .columns(['contest_id', 'user_id'])
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['contest_winners', 'contest_entries', 'contests']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
