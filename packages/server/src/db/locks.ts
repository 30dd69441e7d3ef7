import type { Kysely } from 'kysely';
import { isPostgres } from './dialect';
import type { Database } from './schema';

/**
 * Holds the member's row until the transaction ends, so one member's requests that check and
 * then write a rule no index can hold (one running spotlight: it depends on the clock) run one
 * after another (docs/security.md, "Races"). SQLite needs nothing: its writes already run one
 * at a time on the one connection.
 */
export async function lockMember(trx: Kysely<Database>, uid: number): Promise<void> {
  if (!isPostgres(trx)) return;
  await trx.selectFrom('users').select('id').where('id', '=', uid).forUpdate().execute();
}
