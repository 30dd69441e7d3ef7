import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export type OutboxKind = 'mail' | 'webPush';

export interface OutboxRow {
  id: number;
  kind: OutboxKind;
  payload: string;
  attempts: number;
}

/** All SQL of the outbox (effects/outbox.ts, migration 052). */
export function outboxStore(db: Kysely<Database>) {
  return {
    /** In the caller's transaction: the rows commit with the write or not at all. */
    async insert(trx: Kysely<Database>, rows: { kind: OutboxKind; payload: string }[], now: number) {
      if (!rows.length) return;
      await trx
        .insertInto('outbox')
        .values(rows.map((r) => ({ ...r, due_at: now, created_at: now })))
        .execute();
    },

    /**
     * Takes up to `limit` due rows for `leaseMs`. Each is claimed by a conditional update on the
     * lease it was read with, so of several instances reading the same row only one wins it.
     */
    async claimDue(now: number, leaseMs: number, limit: number): Promise<OutboxRow[]> {
      const due = await db
        .selectFrom('outbox')
        .select(['id', 'kind', 'payload', 'attempts', 'claimed_until'])
        .where('due_at', '<=', now)
        .where('claimed_until', '<', now)
        .orderBy('id')
        .limit(limit)
        .execute();
      const won: OutboxRow[] = [];
      for (const row of due) {
        const taken = await db
          .updateTable('outbox')
          .set({ claimed_until: now + leaseMs })
          .where('id', '=', row.id)
          .where('claimed_until', '=', row.claimed_until)
          .executeTakeFirst();
        if (Number(taken.numUpdatedRows) === 1)
          won.push({
            id: row.id,
            kind: row.kind as OutboxKind,
            payload: row.payload,
            attempts: row.attempts,
          });
      }
      return won;
    },

    async remove(id: number) {
      await db.deleteFrom('outbox').where('id', '=', id).execute();
    },

    /** A failed try: free again at `dueAt`. */
    async retryLater(id: number, attempts: number, dueAt: number, error: string) {
      await db
        .updateTable('outbox')
        .set({ attempts, due_at: dueAt, claimed_until: 0, last_error: error.slice(0, 500) })
        .where('id', '=', id)
        .execute();
    },

    async count(kind?: OutboxKind): Promise<number> {
      let q = db.selectFrom('outbox').select((eb) => eb.fn.countAll<number>().as('n'));
      if (kind) q = q.where('kind', '=', kind);
      return Number((await q.executeTakeFirstOrThrow()).n);
    },
  };
}
export type OutboxStore = ReturnType<typeof outboxStore>;
