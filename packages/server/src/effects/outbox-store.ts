import type { Kysely } from 'kysely';
import { preparedShapes } from '../db/prepared';
import type { Database } from '../db/schema';

export type OutboxKind = 'mail' | 'webPush';

export interface OutboxRow {
  id: number;
  kind: OutboxKind;
  payload: string;
  attempts: number;
}

// A unit of work's rows in one insert, compiled once per number of rows (db/prepared.ts): a
// message writes one with every send (tools/bench/README.md, "Session 13, perf-money").
const insertRows = preparedShapes<Database, unknown>((q, shape, ...values) =>
  q.insertInto('outbox').values(
    Array.from({ length: Number(shape) }, (_, i) => ({
      kind: values[2 * i] as string,
      payload: values[2 * i + 1] as string,
      due_at: values[values.length - 1] as number,
      created_at: values[values.length - 1] as number,
    })),
  ),
);

/** All SQL of the outbox (effects/outbox.ts, migration 052). */
export function outboxStore(db: Kysely<Database>) {
  return {
    /** In the caller's transaction: the rows commit with the write or not at all. */
    async insert(trx: Kysely<Database>, rows: { kind: OutboxKind; payload: string }[], now: number) {
      if (!rows.length) return;
      await insertRows(trx, String(rows.length), ...rows.flatMap((r) => [r.kind, r.payload]), now);
    },

    /**
     * Takes up to `limit` due rows for `leaseMs`, with one conditional update for them all: a row
     * another instance claimed since the read (its lease now ahead) or put off (due later) is not
     * taken, so of several instances reading the same row only one wins it.
     */
    async claimDue(now: number, leaseMs: number, limit: number): Promise<OutboxRow[]> {
      const due = await db
        .selectFrom('outbox')
        .select(['id', 'kind', 'payload', 'attempts'])
        .where('due_at', '<=', now)
        .where('claimed_until', '<', now)
        .orderBy('id')
        .limit(limit)
        .execute();
      if (due.length === 0) return [];
      const taken = await db
        .updateTable('outbox')
        .set({ claimed_until: now + leaseMs })
        .where(
          'id',
          'in',
          due.map((row) => row.id),
        )
        .where('due_at', '<=', now)
        .where('claimed_until', '<', now)
        .returning('id')
        .execute();
      const won = new Set(taken.map((row) => Number(row.id)));
      return due
        .filter((row) => won.has(Number(row.id)))
        .map((row) => ({
          id: row.id,
          kind: row.kind as OutboxKind,
          payload: row.payload,
          attempts: row.attempts,
        }));
    },

    /** Delivered rows, in one statement. */
    async remove(ids: number[]) {
      if (ids.length) await db.deleteFrom('outbox').where('id', 'in', ids).execute();
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
