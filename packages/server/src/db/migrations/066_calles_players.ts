import type { Kysely } from 'kysely';

/**
 * Guerra de Calles' players (docs/games-calles.md): one row per member who opened the game. The
 * crew, buildings and timers are the rules' JSON state; level, xp and shield are columns too so
 * matchmaking is an indexed query. Every write is conditional on `version` (no double spending).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('calles_players')
    .addColumn('user_id', 'integer', (c) => c.primaryKey())
    .addColumn('level', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('xp', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('shield_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // Matchmaking: players near a level, most recently active first.
  await db.schema
    .createIndex('calles_players_level')
    .on('calles_players')
    .columns(['level', 'updated_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('calles_players').execute();
}
