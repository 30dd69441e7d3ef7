import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Mail } from '../mail/mailer';
import type { PushNotice } from '../push/web-push';
import { type OutboxKind, type OutboxRow, outboxStore } from './outbox-store';

/** What leaves the machine durably: one outbox row each (docs/architecture.md, "Effects after commit"). */
export type OutboxItem =
  | { kind: 'mail'; mail: Mail }
  | { kind: 'webPush'; userIds: number[]; notice: PushNotice };

export interface OutboxHandlers {
  /** Each throws when the delivery should be tried again later (SMTP down, Redis down). */
  mail(mail: Mail): Promise<void>;
  webPush(userIds: number[], notice: PushNotice): Promise<void>;
}

export interface OutboxOptions {
  /** How often due rows are looked for when nothing kicked the outbox (a retry, another instance's row). */
  pollMs?: number;
  /** How long a claimed row is held by its instance; one that dies mid-delivery frees it after this. */
  leaseMs?: number;
  /** First retry delay; doubled per failed try up to maxRetryMs. */
  retryMs?: number;
  maxRetryMs?: number;
  /** Past this many tries a row is kept (for an operator) but no longer tried. */
  maxAttempts?: number;
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  now?: () => number;
}

const BATCH = 50;

const encode = (item: OutboxItem): { kind: OutboxKind; payload: string } =>
  item.kind === 'mail'
    ? { kind: 'mail', payload: JSON.stringify(item.mail) }
    : { kind: 'webPush', payload: JSON.stringify({ userIds: item.userIds, notice: item.notice }) };

/** For processes that deliver nothing themselves (npm run admin): the rows wait for a server's outbox. */
export function outboxWriter(db: Kysely<Database>): Pick<Outbox, 'write' | 'kick'> {
  const store = outboxStore(db);
  return { write: (trx, items) => store.insert(trx, items.map(encode), Date.now()), kick() {} };
}
/** A row given up on: due never again, kept with its last error. */
const NEVER = 8_000_000_000_000;

/**
 * Delivers outbox rows after their transaction committed: at once when this instance wrote them
 * (`kick`), otherwise on the next poll, with backoff after failures. A committed write never waits
 * for, nor fails with, its mail or Web Push.
 */
export function createOutbox(db: Kysely<Database>, handlers: OutboxHandlers, options: OutboxOptions = {}) {
  const store = outboxStore(db);
  const now = options.now ?? Date.now;
  const pollMs = options.pollMs ?? 5_000;
  const leaseMs = options.leaseMs ?? 60_000;
  const retryMs = options.retryMs ?? 1_000;
  const maxRetryMs = options.maxRetryMs ?? 15 * 60_000;
  const maxAttempts = options.maxAttempts ?? 20;
  let poller: NodeJS.Timeout | undefined;
  let soon: NodeJS.Immediate | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;

  async function deliver(row: OutboxRow) {
    const payload = JSON.parse(row.payload);
    try {
      if (row.kind === 'mail') await handlers.mail(payload as Mail);
      else await handlers.webPush(payload.userIds, payload.notice);
    } catch (error) {
      const attempts = row.attempts + 1;
      const giveUp = attempts >= maxAttempts;
      const due = giveUp ? NEVER : now() + Math.min(retryMs * 2 ** (attempts - 1), maxRetryMs);
      (giveUp ? options.log?.error : options.log?.warn)?.(
        { id: row.id, kind: row.kind, attempts, error: String(error) },
        giveUp ? 'outbox delivery given up' : 'outbox delivery failed; retrying later',
      );
      await store.retryLater(row.id, attempts, due, String(error));
      return;
    }
    await store.remove(row.id);
  }

  async function drain() {
    do {
      again = false;
      let rows: OutboxRow[];
      do {
        rows = await store.claimDue(now(), leaseMs, BATCH);
        for (const row of rows) await deliver(row);
      } while (rows.length === BATCH && !closed);
    } while (again && !closed);
  }

  function run(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = drain()
      .catch((error) => options.log?.warn({ error: String(error) }, 'outbox unreachable; polling again'))
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  return {
    /** Writes the items in the caller's transaction. */
    write: (trx: Kysely<Database>, items: OutboxItem[]) => store.insert(trx, items.map(encode), now()),

    /** After a commit that wrote rows: deliver them soon, without holding the request. */
    kick(): void {
      if (closed || soon) return;
      soon = setImmediate(() => {
        soon = undefined;
        void run();
      });
    },

    start(): void {
      if (poller || closed) return;
      poller = setInterval(() => void run(), pollMs);
      poller.unref();
      void run();
    },

    /** Delivers what is due now and resolves when done (tests, shutdown). */
    flush: () => run().then(() => (running ? running : undefined)),

    /** Rows not yet delivered (those waiting for a retry included). */
    pending: (kind?: OutboxKind) => store.count(kind),

    async close(): Promise<void> {
      closed = true;
      if (poller) clearInterval(poller);
      if (soon) clearImmediate(soon);
      await running;
    },
  };
}
export type Outbox = ReturnType<typeof createOutbox>;
