import type { LedgerLine } from '@tertulia/contract';
import type { Kysely } from 'kysely';
import { inGroupCommit } from '../db/group-commit';
import type { Db } from '../db/index';
import type { Database } from '../db/schema';
import { outboxWriter } from '../effects/outbox';
import { type AfterCommit, createUnitOfWork, type UnitOfWork } from '../effects/unit-of-work';
import { ApiError, invalid } from '../http/errors';
import { type LedgerStore, ledgerStore } from './store';

/** The ledger's coins: gold bought and spent, gems a receiver earns, love points, diamonds a streamer earns live (docs/live.md). */
export type Coin = 'gold' | 'gems' | 'love' | 'diamonds';
/** A member's vouchers for one gift (docs/ledger.md, migration 049). */
export type VoucherCurrency = `voucher:${number}`;
/** What the ledger counts: the coins, and vouchers gift by gift. */
export type Currency = Coin | VoucherCurrency;

export const voucher = (giftId: number): VoucherCurrency => `voucher:${giftId}`;

/** An account: a member's wallet in one currency, or a system account (sales, rewards...). */
export type Account = { member: number; currency: Currency } | { system: string; currency: Currency };

export const member = (uid: number, currency: Currency): Account => ({ member: uid, currency });
export const system = (name: string, currency: Currency): Account => ({ system: name, currency });

/** One movement: `amount` leaves `from` and reaches `to` (same currency). */
export interface Movement {
  from: Account;
  to: Account;
  amount: number;
  /** Only the system may overdraw a member (a refund or dispute taking bought gold back). */
  mayOverdraw?: boolean;
}

export interface TransferSpec {
  /** Unique per money-moving request; a retry with the same key returns the first result. */
  key: string;
  /** What the request asked (kind, params): the same key with another request is refused. */
  fingerprint: string;
  kind: string;
  actorId?: number;
  reason?: string;
}

/** The most one movement may carry: far above any gift or package, below any integer limit. */
export const MAX_AMOUNT = 10_000_000;

const keyOf = (a: Account) =>
  'member' in a ? `member:${a.member}:${a.currency}` : `system:${a.system}:${a.currency}`;

const isUniqueViolation = (error: unknown) =>
  /unique|duplicate/i.test(String((error as { message?: string })?.message ?? error));
/** PostgreSQL deadlock (40P01) or serialization failure (40001): the transaction may be retried. */
const isRetryable = (error: unknown) => {
  const code = (error as { code?: string })?.code;
  return code === '40P01' || code === '40001';
};

export const insufficientFunds = () => new ApiError('InsufficientFundsException', 'ledger.insufficientFunds');

/** Moves money inside a transfer; handed to the work of `run`. */
export type Move = (movements: Movement[]) => Promise<void>;

/**
 * The double-entry ledger (docs/ledger.md). Every balance is the sum of its entries; every
 * transfer's entries sum to zero; members never go below zero except through the system.
 */
/** Told of each committed transfer (metrics); replays of a key are not told. */
export interface LedgerObserver {
  transfer?(kind: string): void;
}

export function createLedger(db: Db, unitOfWork: UnitOfWork = effectless(db), observer: LedgerObserver = {}) {
  const store: LedgerStore = ledgerStore(db);
  // Account ids never change once created: remembered after the transaction that saw them commits.
  const known = new Map<string, number>();

  async function accountIds(trx: Kysely<Database>, accounts: Account[], now: number) {
    const ids = new Map<string, number>();
    const missing: Account[] = [];
    for (const a of accounts) {
      const id = known.get(keyOf(a));
      if (id === undefined) missing.push(a);
      else ids.set(keyOf(a), id);
    }
    if (missing.length) {
      const keys = [...new Set(missing.map(keyOf))].sort();
      await store.ensureAccounts(
        trx,
        keys.map((key) => {
          const a = missing.find((m) => keyOf(m) === key)!;
          return {
            key,
            ownerId: 'member' in a ? a.member : 0,
            currency: a.currency,
            isSystem: !('member' in a),
          };
        }),
        now,
      );
      for (const row of await store.accountIds(trx, keys)) ids.set(row.key, row.id);
    }
    return ids;
  }

  function checkAmount(amount: number) {
    if (!Number.isInteger(amount) || amount <= 0) throw invalid('amount', 'validation.tooSmall');
    if (amount > MAX_AMOUNT) throw invalid('amount', 'validation.tooLarge');
  }

  type Entry = { accountId: number; amount: number };

  /**
   * Applies movements in the transaction: kept balances at once (in account order, so no
   * deadlock; an overdraft fails here), entries into `entries`, written with the transfer.
   */
  async function apply(
    trx: Kysely<Database>,
    entries: Entry[],
    movements: Movement[],
    now: number,
    seen: Map<string, number>,
  ) {
    for (const m of movements) {
      checkAmount(m.amount);
      if (m.from.currency !== m.to.currency) throw new Error('a movement stays in one currency');
    }
    const accounts = movements.flatMap((m) => [m.from, m.to]);
    const ids = await accountIds(trx, accounts, now);
    for (const [k, id] of ids) seen.set(k, id);
    const deltas = new Map<string, { delta: number; mayOverdraw: boolean }>();
    for (const m of movements) {
      const from = deltas.get(keyOf(m.from)) ?? { delta: 0, mayOverdraw: false };
      deltas.set(keyOf(m.from), {
        delta: from.delta - m.amount,
        mayOverdraw: from.mayOverdraw || !!m.mayOverdraw,
      });
      const to = deltas.get(keyOf(m.to)) ?? { delta: 0, mayOverdraw: false };
      deltas.set(keyOf(m.to), { delta: to.delta + m.amount, mayOverdraw: to.mayOverdraw });
    }
    const kept = [...deltas]
      .filter(([k, d]) => k.startsWith('member:') && d.delta !== 0)
      .map(([k, d]) => ({ id: ids.get(k)!, ...d }))
      .sort((a, b) => a.id - b.id);
    for (const d of kept) {
      if (!(await store.addToBalance(trx, d.id, d.delta, d.mayOverdraw))) throw insufficientFunds();
    }
    for (const m of movements) {
      entries.push(
        { accountId: ids.get(keyOf(m.from))!, amount: -m.amount },
        { accountId: ids.get(keyOf(m.to))!, amount: m.amount },
      );
    }
  }

  return {
    /**
     * Runs `work` in one transaction with a transfer under `spec.key`: whatever it writes
     * (the gift sent, the payment marked paid) commits with the movements or not at all. A key
     * seen before answers the first result and runs nothing. Concurrent twins of one key and
     * PostgreSQL deadlocks are retried. The transfer row, with its result, and its entries are
     * written after `work`, in two statements (tools/bench/gifts.ts).
     */
    async run<T>(
      spec: TransferSpec,
      work: (trx: Kysely<Database>, move: Move, after: AfterCommit) => Promise<T>,
    ): Promise<{ result: T; replayed: boolean }> {
      for (let attempt = 0; ; attempt++) {
        const seen = new Map<string, number>();
        try {
          // On SQLite, transfers asked for together commit together (db/group-commit.ts); the
          // work's effects are released after commit like any unit of work's (effects/unit-of-work.ts).
          const unit = unitOfWork.wrap(async (trx, after) => {
            const earlier = await store.transferByKey(trx, spec.key);
            if (earlier) {
              if (earlier.fingerprint !== spec.fingerprint)
                throw invalid('idempotencyKey', 'ledger.keyReused');
              return { result: JSON.parse(earlier.result ?? 'null') as T, replayed: true };
            }
            const now = Date.now();
            const entries: Entry[] = [];
            const result = await work(trx, (movements) => apply(trx, entries, movements, now, seen), after);
            const transferId = await store.insertTransfer(trx, {
              key: spec.key,
              fingerprint: spec.fingerprint,
              kind: spec.kind,
              actorId: spec.actorId ?? 0,
              reason: spec.reason,
              result: JSON.stringify(result ?? null),
              now,
            });
            if (entries.length) await store.insertEntries(trx, transferId, entries, now);
            return { result, replayed: false };
          });
          const outcome = (await inGroupCommit(db, unit, unitOfWork.release)).value;
          for (const [k, id] of seen) known.set(k, id);
          if (!outcome.replayed) observer.transfer?.(spec.kind);
          return outcome;
        } catch (error) {
          const retry = (isUniqueViolation(error) || isRetryable(error)) && attempt < 5;
          if (!retry) throw error;
        }
      }
    },

    /**
     * Gold (or love points) an admin gives a member, with the reason recorded on the transfer
     * (npm run admin -- grant-gold / grant-love).
     */
    grant(p: {
      uid: number;
      amount: number;
      reason: string;
      actorId: number;
      key: string;
      currency?: 'gold' | 'love';
    }) {
      const currency = p.currency ?? 'gold';
      return this.run(
        {
          key: p.key,
          fingerprint: `grant:${p.uid}:${p.amount}${currency === 'gold' ? '' : `:${currency}`}`,
          kind: 'grant',
          actorId: p.actorId,
          reason: p.reason,
        },
        async (_trx, move) => {
          await move([{ from: system('grants', currency), to: member(p.uid, currency), amount: p.amount }]);
          return p.amount;
        },
      );
    },

    /** A member's balance in one currency, read in `q` (a transaction's view inside `run`). */
    balance(q: Kysely<Database>, uid: number, currency: Currency) {
      return store.balanceOf(q, uid, currency);
    },

    /**
     * When `actorId` made transfers of `kind` after `since` (epoch ms, oldest first, the newest
     * `limit`), read in `q` (a transaction's view inside `run`) or outside one.
     */
    transferTimes(actorId: number, kind: string, since: number, limit: number, q: Kysely<Database> = db) {
      return store.transferTimes(q, actorId, kind, since, limit);
    },

    /** A member's balances of the coins (0 for a coin never moved). */
    async balances(uid: number): Promise<Record<Coin, number>> {
      const map = await store.balances(uid);
      return {
        gold: map.get('gold') ?? 0,
        gems: map.get('gems') ?? 0,
        love: map.get('love') ?? 0,
        diamonds: map.get('diamonds') ?? 0,
      };
    },

    /** A member's vouchers, gift by gift (0 for none). */
    async vouchers(uid: number, giftIds: number[]): Promise<Map<number, number>> {
      if (giftIds.length === 0) return new Map();
      const map = await store.balances(uid);
      return new Map(giftIds.map((id) => [id, map.get(voucher(id)) ?? 0]));
    },

    /** Members' balances in one currency (0 for none): a page of members' love points. */
    async balancesOf(uids: number[], currency: Currency): Promise<Map<number, number>> {
      const map = await store.balancesIn(uids, currency);
      return new Map(uids.map((id) => [id, map.get(id) ?? 0]));
    },

    /** A member's ledger lines, newest first, as the API shows them (LedgerLine). */
    async history(uid: number, limit: number, offset: number): Promise<LedgerLine[]> {
      const rows = await store.history(uid, limit, offset);
      return rows.map((r) => ({
        id: r.id,
        currency: r.currency,
        amount: Number(r.amount),
        kind: r.kind,
        reason: r.reason ?? undefined,
        timestamp: Number(r.created_at),
      }));
    },

    /**
     * The books: every member account's balance equals its entries, every transfer and the
     * whole ledger sum to zero in each currency. Negative members (refunds) are listed, not errors.
     */
    async checkBooks() {
      const [drifted, totals, unbalanced, negative, counts] = await Promise.all([
        store.driftedAccounts(),
        store.totalsByCurrency(),
        store.unbalancedTransfers(),
        store.negativeAccounts(),
        store.counts(),
      ]);
      const nonZero = totals.filter((t) => t.total !== 0);
      return {
        balanced: drifted.length === 0 && nonZero.length === 0 && unbalanced.length === 0,
        drifted,
        totals,
        unbalanced,
        negative,
        ...counts,
      };
    },
  };
}

export type Ledger = ReturnType<typeof createLedger>;

/** Tools that move money with no app around: no sockets to push to; mail and Web Push wait in the outbox. */
function effectless(db: Db): UnitOfWork {
  return createUnitOfWork(db, { effects: { publish() {} }, outbox: outboxWriter(db) });
}
