import type { Kysely, Transaction } from 'kysely';
import { isPostgres } from './dialect';
import type { Database } from './schema';

type Work<T> = (trx: Transaction<Database>) => Promise<T>;
/** Runs right after the commit, before any caller of the batch resumes (publishing, say). */
type Committed<T> = (value: T) => Promise<unknown> | undefined;

interface Job<T = unknown> {
  work: Work<T>;
  committed?: Committed<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

type Batcher = <T>(work: Work<T>, committed?: Committed<T>) => Promise<T>;
const batchers = new WeakMap<Kysely<Database>, Batcher>();

/**
 * Runs `work` in a transaction, then `committed` with its result, and resolves once that has
 * settled. On SQLite, the transactions asked for while the event loop reads one round of
 * requests (a burst of sends) commit together, once: a commit writes every page it dirtied to
 * the WAL, which costs more than a small write, and SQLite has one writer, so the last send of a
 * burst waited for every commit before its own. Every `committed` of a batch runs before any of
 * its callers resumes, so the partners of all its messages hear before any sender's answer is
 * built. If a batch fails, its works run again one transaction each, so only the failing one
 * fails: `work` must do nothing but statements on `trx`. PostgreSQL runs transactions side by
 * side on its pool and commits each on its own.
 *
 * Justified by `tools/bench/messaging.ts`: p99 against the relay 4.2 → 3.3-3.5 at 500 sends/s
 * (tools/bench/README.md, "Session 4").
 */
export function inGroupCommit<T>(db: Kysely<Database>, work: Work<T>, committed?: Committed<T>): Promise<T> {
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = isPostgres(db) ? alone(db) : batching(db);
    batchers.set(db, batcher);
  }
  return batcher(work, committed);
}

function settle<T>(job: Job<T>, value: T) {
  let published: Promise<unknown> | undefined;
  try {
    published = job.committed?.(value);
  } catch (error) {
    // Its work is stored; the others of the batch are still told and answered.
    return job.reject(error);
  }
  if (published) published.then(() => job.resolve(value), job.reject);
  else job.resolve(value);
}

async function commitAlone<T>(db: Kysely<Database>, job: Job<T>) {
  let value: T;
  try {
    value = await db.transaction().execute(job.work);
  } catch (error) {
    return job.reject(error);
  }
  settle(job, value);
}

function alone(db: Kysely<Database>): Batcher {
  return (work, committed) =>
    new Promise((resolve, reject) => commitAlone(db, { work, committed, resolve, reject }));
}

function batching(db: Kysely<Database>): Batcher {
  const queue: Job[] = [];

  async function commit(jobs: Job[]) {
    if (jobs.length === 1) return commitAlone(db, jobs[0]);
    let values: unknown[];
    try {
      values = await db.transaction().execute(async (trx) => {
        const done: unknown[] = [];
        for (const job of jobs) done.push(await job.work(trx));
        return done;
      });
    } catch {
      // Nothing of the batch was stored; one by one, only the failing work fails.
      for (const job of jobs) await commitAlone(db, job);
      return;
    }
    for (const [i, job] of jobs.entries()) settle(job, values[i]);
  }

  return <T>(work: Work<T>, committed?: Committed<T>) =>
    new Promise<T>((resolve, reject) => {
      // setImmediate runs after the poll phase: the requests already read have queued theirs.
      if (queue.length === 0) setImmediate(() => commit(queue.splice(0)));
      queue.push({ work, committed, resolve, reject } as Job);
    });
}
