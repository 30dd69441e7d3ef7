import { type Kysely, sql } from 'kysely';
import type { Db } from '../db/index';
import { prepared, preparedShapes } from '../db/prepared';
import type { Database } from '../db/schema';

type Q = Kysely<Database>;

// The statements of every transfer, compiled once (db/prepared.ts): building a query costs more
// than SQLite takes to run it (tools/bench/gifts.ts).
const transferByKey = prepared((q: Q, key: string) =>
  q
    .selectFrom('ledger_transfers')
    .select(['id', 'idempotency_key', 'fingerprint', 'kind', 'result'])
    .where('idempotency_key', '=', key),
);
const insertTransfer = prepared(
  (
    q: Q,
    key: string,
    fingerprint: string,
    kind: string,
    actorId: number,
    reason: string | null,
    result: string,
    now: number,
  ) =>
    q
      .insertInto('ledger_transfers')
      .values({ idempotency_key: key, fingerprint, kind, actor_id: actorId, reason, result, created_at: now })
      .returning('id'),
);
const credit = prepared((q: Q, id: number, delta: number) =>
  q
    .updateTable('ledger_accounts')
    .set({ balance: sql<number>`balance + ${delta}` })
    .where('id', '=', id)
    .returning('id'),
);
// A debit that applies only while the balance covers it.
const debitCovered = prepared((q: Q, id: number, amount: number) =>
  q
    .updateTable('ledger_accounts')
    .set({ balance: sql<number>`balance - ${amount}` })
    .where('id', '=', id)
    .where('balance', '>=', amount)
    .returning('id'),
);

// A transfer's entries in one insert, compiled once per number of rows (a gift writes six).
const insertEntries = preparedShapes<Database, unknown>((q, shape, ...values) =>
  q.insertInto('ledger_entries').values(
    Array.from({ length: Number(shape) }, (_, i) => ({
      transfer_id: values[0] as number,
      account_id: values[1 + 2 * i] as number,
      amount: values[2 + 2 * i] as number,
      created_at: values[values.length - 1] as number,
    })),
  ),
);

export interface TransferRow {
  id: number;
  idempotency_key: string;
  fingerprint: string;
  kind: string;
  result: string | null;
}

export interface HistoryRow {
  id: number;
  transfer_id: number;
  amount: number;
  created_at: number;
  currency: string;
  kind: string;
  reason: string | null;
}

/** Every SQL statement of the ledger (docs/ledger.md). Takes plain values, decides nothing. */
export function ledgerStore(db: Db) {
  return {
    async transferByKey(trx: Q, key: string): Promise<TransferRow | undefined> {
      return (await transferByKey(trx, key))[0];
    },

    /**
     * When the actor's transfers of `kind` since `since` were made, oldest first, at most
     * `limit` (the newest ones). Index ledger_transfers_actor (migration 041).
     */
    async transferTimes(q: Q, actorId: number, kind: string, since: number, limit: number) {
      const rows = await q
        .selectFrom('ledger_transfers')
        .select('created_at')
        .where('actor_id', '=', actorId)
        .where('kind', '=', kind)
        .where('created_at', '>', since)
        .orderBy('created_at', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => Number(r.created_at)).reverse();
    },

    async insertTransfer(
      trx: Q,
      t: {
        key: string;
        fingerprint: string;
        kind: string;
        actorId: number;
        reason?: string;
        result: string;
        now: number;
      },
    ): Promise<number> {
      const [row] = await insertTransfer(
        trx,
        t.key,
        t.fingerprint,
        t.kind,
        t.actorId,
        t.reason ?? null,
        t.result,
        t.now,
      );
      return row.id;
    },

    /** Creates the accounts that do not exist yet (a concurrent creator's row wins quietly). */
    async ensureAccounts(
      trx: Q,
      accounts: { key: string; ownerId: number; currency: string; isSystem: boolean }[],
      now: number,
    ): Promise<void> {
      if (accounts.length === 0) return;
      await trx
        .insertInto('ledger_accounts')
        .values(
          accounts.map((a) => ({
            key: a.key,
            owner_id: a.ownerId,
            currency: a.currency,
            is_system: a.isSystem ? 1 : 0,
            created_at: now,
          })),
        )
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
    },

    accountIds(q: Q, keys: string[]): Promise<{ id: number; key: string }[]> {
      return q.selectFrom('ledger_accounts').select(['id', 'key']).where('key', 'in', keys).execute();
    },

    /**
     * Adds delta to a kept balance. A debit that may not overdraw only applies while the balance
     * covers it: the conditional UPDATE is atomic on both databases (PostgreSQL locks the row and
     * re-checks the condition; SQLite has one writer). Returns false when it did not apply.
     */
    async addToBalance(trx: Q, accountId: number, delta: number, mayOverdraw: boolean): Promise<boolean> {
      const rows =
        delta < 0 && !mayOverdraw
          ? await debitCovered(trx, accountId, -delta)
          : await credit(trx, accountId, delta);
      return rows.length === 1;
    },

    async insertEntries(
      trx: Q,
      transferId: number,
      entries: { accountId: number; amount: number }[],
      now: number,
    ): Promise<void> {
      const values = entries.flatMap((e) => [e.accountId, e.amount]);
      await insertEntries(trx, String(entries.length), transferId, ...values, now);
    },

    async balanceOf(q: Q, ownerId: number, currency: string): Promise<number> {
      const row = await q
        .selectFrom('ledger_accounts')
        .select('balance')
        .where('key', '=', `member:${ownerId}:${currency}`)
        .executeTakeFirst();
      return Number(row?.balance ?? 0);
    },

    async balances(ownerId: number): Promise<Map<string, number>> {
      const rows = await db
        .selectFrom('ledger_accounts')
        .select(['currency', 'balance'])
        .where('owner_id', '=', ownerId)
        .where('is_system', '=', 0)
        .execute();
      return new Map(rows.map((r) => [r.currency, Number(r.balance)]));
    },

    /** Members' balances in one currency (absent: never moved), for a page of members. */
    async balancesIn(ownerIds: number[], currency: string): Promise<Map<number, number>> {
      if (ownerIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('ledger_accounts')
        .select(['owner_id', 'balance'])
        .where('owner_id', 'in', ownerIds)
        .where('currency', '=', currency)
        .where('is_system', '=', 0)
        .execute();
      return new Map(rows.map((r) => [Number(r.owner_id), Number(r.balance)]));
    },

    /** A member's entries, newest first, with what moved them. */
    history(ownerId: number, limit: number, offset: number): Promise<HistoryRow[]> {
      return db
        .selectFrom('ledger_entries as e')
        .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
        .innerJoin('ledger_transfers as t', 't.id', 'e.transfer_id')
        .select(['e.id', 'e.transfer_id', 'e.amount', 'e.created_at', 'a.currency', 't.kind', 't.reason'])
        .where('a.owner_id', '=', ownerId)
        .where('a.is_system', '=', 0)
        .orderBy('e.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    /** Member accounts whose kept balance differs from the sum of their entries. */
    async driftedAccounts(): Promise<{ key: string; balance: number; entries: number }[]> {
      const rows = await db
        .selectFrom('ledger_accounts as a')
        .leftJoin('ledger_entries as e', 'e.account_id', 'a.id')
        .select(['a.key', 'a.balance', sql<number>`coalesce(sum(e.amount), 0)`.as('entries')])
        .where('a.is_system', '=', 0)
        .groupBy(['a.id', 'a.key', 'a.balance'])
        .having(sql<number>`coalesce(sum(e.amount), 0)`, '<>', sql<number>`a.balance`)
        .execute();
      return rows.map((r) => ({ key: r.key, balance: Number(r.balance), entries: Number(r.entries) }));
    },

    /** The sum of every entry, by currency: zero in balanced books. */
    async totalsByCurrency(): Promise<{ currency: string; total: number }[]> {
      const rows = await db
        .selectFrom('ledger_entries as e')
        .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
        .select(['a.currency', sql<number>`sum(e.amount)`.as('total')])
        .groupBy('a.currency')
        .execute();
      return rows.map((r) => ({ currency: r.currency, total: Number(r.total) }));
    },

    /** Transfers whose entries do not sum to zero in some currency. */
    async unbalancedTransfers(): Promise<number[]> {
      const rows = await db
        .selectFrom('ledger_entries as e')
        .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
        .select('e.transfer_id')
        .groupBy(['e.transfer_id', 'a.currency'])
        .having(sql<number>`sum(e.amount)`, '<>', 0)
        .execute();
      return [...new Set(rows.map((r) => r.transfer_id))];
    },

    async negativeAccounts(): Promise<string[]> {
      const rows = await db
        .selectFrom('ledger_accounts')
        .select('key')
        .where('is_system', '=', 0)
        .where('balance', '<', 0)
        .execute();
      return rows.map((r) => r.key);
    },

    async counts(): Promise<{ accounts: number; transfers: number; entries: number }> {
      const [a, t, e] = await Promise.all([
        db.selectFrom('ledger_accounts').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
        db.selectFrom('ledger_transfers').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
        db.selectFrom('ledger_entries').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return { accounts: Number(a.n), transfers: Number(t.n), entries: Number(e.n) };
    },
  };
}

export type LedgerStore = ReturnType<typeof ledgerStore>;
