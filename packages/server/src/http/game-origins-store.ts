import type { Db } from '../db/index';

/** The https origins of the external games that may be framed (not retired). */
export function gameOriginsStore(db: Db) {
  return {
    async externalOrigins(): Promise<string[]> {
      const rows = await db
        .selectFrom('games')
        .select('origin')
        .distinct()
        .where('kind', '=', 'external')
        .where('status', '!=', 'retired')
        .where('origin', '!=', '')
        .execute();
      return rows.map((r) => r.origin).sort();
    },
  };
}
