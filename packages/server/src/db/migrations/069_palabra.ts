import type { Kysely } from 'kysely';
import { idColumnType, primaryId } from '../dialect';

/**
 * "La palabra del día" (docs/games-palabra.md): one game per member and UTC day, with its guesses
 * as the server took them. The unique (user_id, day) keeps it to one daily result per member
 * however many requests start it at once; the daily board reads (day, finished, score).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('palabra_games')
    .addColumn('id', idColumnType(db), primaryId(db))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    // JSON [{word, at}]: the replayable inputs the score is computed from.
    .addColumn('guesses', 'varchar(400)', (c) => c.notNull().defaultTo('[]'))
    .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('finished', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('solved', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('score', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('finished_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('palabra_games_member_day')
    .on('palabra_games')
    .columns(['user_id', 'day'])
    .unique()
    .execute();
  await db.schema
    .createIndex('palabra_games_board')
    .on('palabra_games')
    .columns(['day', 'finished', 'score'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('palabra_games').execute();
}
