import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect';

/**
 * A backstage unlock or lock changes which photo cards a reader's kept feed page may show
 * (features/feed/page-cache.ts): like the writes of migration 008, it raises feed_generation, by
 * trigger so no writer can miss it.
 */
const TRIGGERS = [
  ['feed_gen_backstage_unlocks_insert', 'INSERT'],
  ['feed_gen_backstage_unlocks_delete', 'DELETE'],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, event] of TRIGGERS) {
    if (isPostgres(db)) {
      // Deferred to the commit, as in 008: the shared row is locked last.
      await sql
        .raw(
          `CREATE CONSTRAINT TRIGGER ${name} AFTER ${event} ON backstage_unlocks DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION feed_generation_bump()`,
        )
        .execute(db);
    } else {
      await sql
        .raw(
          `CREATE TRIGGER ${name} AFTER ${event} ON backstage_unlocks BEGIN UPDATE feed_generation SET value = value + 1 WHERE id = 1; END`,
        )
        .execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of TRIGGERS) {
    await sql
      .raw(isPostgres(db) ? `DROP TRIGGER ${name} ON backstage_unlocks` : `DROP TRIGGER ${name}`)
      .execute(db);
  }
}
