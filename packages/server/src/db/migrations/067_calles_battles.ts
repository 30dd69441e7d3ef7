import type { Kysely } from 'kysely';
import { idColumnType, primaryId } from '../dialect';

/**
 * Guerra de Calles' battles, which are also the journal (docs/games-calles.md): each row keeps the
 * seed and the result, so a battle can be replayed; the defender's entries are their journal.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('calles_battles')
    .addColumn('id', idColumnType(db), primaryId(db))
    .addColumn('attacker_id', 'integer', (c) => c.notNull())
    .addColumn('defender_id', 'integer', (c) => c.notNull())
    .addColumn('seed', 'bigint', (c) => c.notNull())
    .addColumn('attacker_won', 'integer', (c) => c.notNull())
    .addColumn('loot', 'integer', (c) => c.notNull())
    // The rounds, wounds and experience of both sides (BattleResult as JSON).
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('attacker_level', 'integer', (c) => c.notNull())
    .addColumn('defender_level', 'integer', (c) => c.notNull())
    .addColumn('read_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // A member's journal: attacks on them, newest first; and their own attacks.
  await db.schema
    .createIndex('calles_battles_defender')
    .on('calles_battles')
    .columns(['defender_id', 'id'])
    .execute();
  await db.schema
    .createIndex('calles_battles_attacker')
    .on('calles_battles')
    .columns(['attacker_id', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('calles_battles').execute();
}
