import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** The policy's read of backstage unlocks (the photos feature writes them). */
export function backstageStore(db: Kysely<Database>) {
  return {
    /** Which of `ownerIds` unlocked their backstage for `memberId`. */
    async ownersUnlockedFor(memberId: number, ownerIds: readonly number[]): Promise<Set<number>> {
      if (!ownerIds.length) return new Set();
      const rows = await db
        .selectFrom('backstage_unlocks')
        .select('owner_id')
        .where('member_id', '=', memberId)
        .where('owner_id', 'in', [...new Set(ownerIds)])
        .execute();
      return new Set(rows.map((r) => r.owner_id));
    },
  };
}
