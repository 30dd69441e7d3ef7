import { SCRIPT_ERROR_EVENT } from '@tertulia/contract';
import type { Db } from '../../db/index';
import type { UserRow } from '../../http/context';
import { analyticsStore, type EventRow, type VitalRow } from './analytics-store';
import { vitalOf } from './vitals';

/** How long accepted events wait to be written together. */
const FLUSH_MS = 100;
/** Written at once from this many, without waiting for the timer. */
const FLUSH_AT = 500;
/** Past this many events queued for writing, a request waits for the writes (the database is behind). */
const MAX_WAITING = 5000;
/** Browser clocks: a time further than this from ours is replaced by ours. */
const CLOCK_SLACK_MS = 86_400_000;

export type IncomingEvent = {
  name: string;
  props?: Record<string, string | number | boolean>;
  page?: string;
  time?: number;
  error?: { message: string; stack?: string };
};

export const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The events endpoint's intake (docs/analytics.md): a batch is checked and answered at once, and
 * the events of every request in the last FLUSH_MS are written in one transaction with their
 * daily totals. Analytics may lose the last moment of events if the process dies; the
 * benchmark (tools/bench/analytics.ts) is the reason to write them together.
 */
export function eventIntake(db: Db) {
  const store = analyticsStore(db);
  let waiting: EventRow[] = [];
  // Core Web Vitals also go to their own table, in the same write (vitals.ts).
  let vitals: VitalRow[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();
  // Events handed to writes that have not finished: the database's backlog.
  let unwritten = 0;
  let closed = false;

  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const batch = waiting;
    const measured = vitals;
    waiting = [];
    vitals = [];
    if (!batch.length) return writing;
    unwritten += batch.length;
    writing = writing
      .then(() => write(batch, measured))
      .catch(() => {
        // A failed write loses these events only: analytics never fail a request or the next write.
      })
      .finally(() => {
        unwritten -= batch.length;
      });
    return writing;
  }

  async function write(batch: EventRow[], measured: VitalRow[]) {
    const totals = new Map<string, number>();
    const add = (key: string) => totals.set(key, (totals.get(key) ?? 0) + 1);
    const active = new Map<string, { day: string; user_id: number }>();
    for (const e of batch) {
      const day = dayOf(e.created_at);
      add(`${day}|event:${e.name}`);
      if (e.name === SCRIPT_ERROR_EVENT && e.props) {
        const message = (JSON.parse(e.props) as { message?: string }).message ?? '';
        add(`${day}|error:${message.slice(0, 150)}`);
      }
      if (e.user_id !== null) active.set(`${day}|${e.user_id}`, { day, user_id: e.user_id });
    }
    await store.store(batch, totals, [...active.values()], measured);
  }

  return {
    async accept(viewer: UserRow | null, p: { events: IncomingEvent[]; release?: string }): Promise<number> {
      const now = Date.now();
      for (const e of p.events) {
        const time = e.time !== undefined && Math.abs(e.time - now) <= CLOCK_SLACK_MS ? e.time : now;
        const props = e.error
          ? { ...e.props, message: e.error.message, stack: e.error.stack ?? '' }
          : e.props;
        waiting.push({
          user_id: viewer?.id ?? null,
          name: e.name,
          props: props ? JSON.stringify(props) : null,
          page: e.page ?? null,
          release: p.release ?? null,
          created_at: time,
        });
        const vital = vitalOf(e, time);
        if (vital) vitals.push(vital);
      }
      if (closed || waiting.length >= FLUSH_AT) {
        const done = flush();
        // The database is behind: this request waits for the writes queued so far, so a flood
        // slows its senders instead of growing the queue without bound.
        if (unwritten >= MAX_WAITING) await done;
      } else if (!timer) {
        timer = setTimeout(flush, FLUSH_MS);
        timer.unref();
      }
      return p.events.length;
    },

    /** Writes what is waiting; resolves when it is stored (tests, shutdown). */
    flush,

    async close() {
      closed = true;
      await flush();
    },
  };
}

export type EventIntake = ReturnType<typeof eventIntake>;

const intakes = new WeakMap<Db, EventIntake>();

/** The intake of an app's database: app.ts flushes it on close, tests before reading. */
export function intakeOf(db: Db): EventIntake {
  let intake = intakes.get(db);
  if (!intake) {
    intake = eventIntake(db);
    intakes.set(db, intake);
  }
  return intake;
}
