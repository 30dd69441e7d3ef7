import type { Kysely } from 'kysely';
import { idColumnType, primaryId } from '../dialect';

/**
 * Cuatro en raya's matches and who is watching them (docs/cuatro.md). A match row holds the moves
 * (one digit each), both clocks and a version: a move is a conditional update on the version, so
 * two moves at once cannot both land. `rematch_of` is unique: one rematch per finished match.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('cuatro_matches')
    .addColumn('id', idColumnType(db), primaryId(db))
    .addColumn('game_id', 'integer', (c) => c.notNull())
    // red moves first; yellow is null while an open challenge waits for someone in the room.
    .addColumn('red_id', 'integer', (c) => c.notNull())
    .addColumn('yellow_id', 'integer')
    .addColumn('inviter_id', 'integer', (c) => c.notNull())
    // invited | open | playing | finished | declined | cancelled
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('moves', 'varchar(42)', (c) => c.notNull().defaultTo(''))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('clock_ms', 'integer', (c) => c.notNull())
    .addColumn('increment_ms', 'integer', (c) => c.notNull())
    .addColumn('red_ms', 'bigint', (c) => c.notNull())
    .addColumn('yellow_ms', 'bigint', (c) => c.notNull())
    .addColumn('turn_started_at', 'bigint', (c) => c.notNull().defaultTo(0))
    // null while not finished; 0 a draw, 1 red won, 2 yellow won.
    .addColumn('result', 'integer')
    // four | full | resign | flag
    .addColumn('end_reason', 'varchar(10)', (c) => c.notNull().defaultTo(''))
    .addColumn('rematch_of', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .execute();
  await db.schema.createIndex('cuatro_red').on('cuatro_matches').columns(['red_id', 'updated_at']).execute();
  await db.schema
    .createIndex('cuatro_yellow')
    .on('cuatro_matches')
    .columns(['yellow_id', 'updated_at'])
    .execute();
  await db.schema
    .createIndex('cuatro_status')
    .on('cuatro_matches')
    .columns(['game_id', 'status', 'updated_at'])
    .execute();
  await db.schema.createIndex('cuatro_rematch').on('cuatro_matches').column('rematch_of').unique().execute();

  // Spectators: a watch lasts a few minutes and is renewed while the page is open.
  await db.schema
    .createTable('cuatro_watchers')
    .addColumn('match_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('until', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('cuatro_watchers_pk', ['match_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('cuatro_watchers').execute();
  await db.schema.dropTable('cuatro_matches').execute();
}
