import { type Kysely, sql } from 'kysely';
import type { Db } from '../../db/index';
import { preparedShapes } from '../../db/prepared';
import type { AnalyticsEventsTable, Database, WebVitalsTable } from '../../db/schema';

/** A stored event as inserted. */
export type EventRow = Omit<AnalyticsEventsTable, 'id'>;
/** A Core Web Vital report as inserted. */
export type VitalRow = Omit<WebVitalsTable, 'id'>;

/** SQLite takes at most 999 bound values a statement: 6 columns x 150 rows stays under. */
const ROWS_PER_INSERT = 150;

const EVENT_COLUMNS = ['user_id', 'name', 'props', 'page', 'release', 'created_at'] as const;

/**
 * A chunk of events as one statement compiled once per row count (db/prepared.ts): Kysely parsed
 * and compiled 900 values for every chunk of 150. Storing 500 events cost 3.6-3.8 µs of CPU an
 * event that way, 1.6-2.2 µs now (tools/bench/README.md, "Session 13, perf-http").
 */
const insertEvents = preparedShapes<Database, unknown>((db, shape, ...values) =>
  db
    .insertInto('analytics_events')
    .values(
      Array.from({ length: Number(shape) }, (_, row) =>
        Object.fromEntries(
          EVENT_COLUMNS.map((column, i) => [column, values[row * EVENT_COLUMNS.length + i]]),
        ),
      ) as EventRow[],
    ),
);

function eventValues(rows: EventRow[]): unknown[] {
  const values: unknown[] = [];
  for (const row of rows) for (const column of EVENT_COLUMNS) values.push(row[column]);
  return values;
}

/** The analytics tables' SQL: stored events, daily totals, who was active on a day. */
export function analyticsStore(db: Db) {
  return {
    /** Stores events, adds to their days' totals and marks members active, in one transaction. */
    async store(
      events: EventRow[],
      totals: Map<string, number>,
      active: { day: string; user_id: number }[],
      vitals: VitalRow[] = [],
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        for (let i = 0; i < events.length; i += ROWS_PER_INSERT) {
          const rows = events.slice(i, i + ROWS_PER_INSERT);
          await insertEvents(trx, String(rows.length), ...eventValues(rows));
        }
        for (let i = 0; i < vitals.length; i += ROWS_PER_INSERT) {
          await trx
            .insertInto('web_vitals')
            .values(vitals.slice(i, i + ROWS_PER_INSERT))
            .execute();
        }
        const added = new Map(totals);
        if (active.length) {
          const result = await trx
            .insertInto('analytics_active')
            .values(active)
            .onConflict((oc) => oc.columns(['day', 'user_id']).doNothing())
            .executeTakeFirst();
          // Counted per day only when every newcomer is on the same day (the usual case);
          // otherwise each day is counted on its own.
          const days = new Set(active.map((a) => a.day));
          if (days.size === 1) {
            const n = Number(result.numInsertedOrUpdatedRows ?? 0);
            if (n) added.set(`${[...days][0]}|active`, n);
          } else {
            for (const day of days) await recountActive(trx, day);
          }
        }
        await addTotals(trx, added);
      });
    },

    /** Stored totals of some metrics over days [from, to]. */
    totals(metrics: string[], from: string, to: string) {
      return db
        .selectFrom('analytics_daily')
        .select(['day', 'metric', 'value'])
        .where('metric', 'in', metrics)
        .where('day', '>=', from)
        .where('day', '<=', to)
        .execute();
    },

    /** Writes a closed day's total once (a second instance computing it too changes nothing). */
    async keepTotal(day: string, metric: string, value: number) {
      await db
        .insertInto('analytics_daily')
        .values({ day, metric, value })
        .onConflict((oc) => oc.columns(['day', 'metric']).doNothing())
        .execute();
    },

    /**
     * The 75th percentile (nearest rank: the ceil(3n/4)-th smallest) of each metric on each page
     * since `from`, with its number of samples. Window functions, so both dialects rank in SQL.
     */
    async vitalsP75(from: number): Promise<{ page: string; metric: string; p75: number; samples: number }[]> {
      const rows = await db
        .selectFrom(
          db
            .selectFrom('web_vitals')
            .select([
              'page',
              'metric',
              'value',
              sql<number>`row_number() over (partition by page, metric order by value)`.as('nth'),
              sql<number>`count(*) over (partition by page, metric)`.as('total'),
            ])
            .where('created_at', '>=', from)
            .as('ranked'),
        )
        .select(['page', 'metric', 'value', 'total'])
        // Integer division on both dialects: (3n + 3) / 4 is ceil(3n / 4).
        .where(sql<boolean>`${sql.ref('nth')} = (3 * ${sql.ref('total')} + 3) / 4`)
        .orderBy('page')
        .orderBy('metric')
        .execute();
      return rows.map((r) => ({
        page: r.page,
        metric: r.metric,
        p75: Number(r.value),
        samples: Number(r.total),
      }));
    },

    /** The metrics starting with `prefix` with the largest sums over days [from, to]. */
    top(prefix: string, from: string, to: string, limit: number) {
      return db
        .selectFrom('analytics_daily')
        .select(['metric', (eb) => eb.fn.sum<number>('value').as('total')])
        .where('day', '>=', from)
        .where('day', '<=', to)
        .where(sql<boolean>`metric like ${`${prefix}%`}`)
        .groupBy('metric')
        .orderBy('total', 'desc')
        .limit(limit)
        .execute();
    },

    /**
     * Rows created in [from, to) of a table with an indexed creation time (daily sources), or the
     * sum of one of their columns; only rows in `state` when the source names one.
     */
    async countCreated(source: CountSource, from: number, to: number): Promise<number> {
      const value = source.sum
        ? sql<number>`coalesce(sum(${sql.ref(source.sum)}), 0)`
        : sql<number>`count(*)`;
      let q = db
        .selectFrom(source.table)
        .select(value.as('n'))
        .where(sql.ref(source.column), '>=', from)
        .where(sql.ref(source.column), '<', to);
      if (source.state) q = q.where(sql.ref('state'), '=', source.state);
      const row = await q.executeTakeFirst();
      return Number(row?.n ?? 0);
    },
  };
}

export interface CountSource {
  table: 'users' | 'messages' | 'chat_entries' | 'gift_sends' | 'gold_payments';
  column: 'creation_time' | 'created_at';
  /** Sum this column instead of counting rows. */
  sum?: 'gold';
  /** Only rows in this state (gold_payments.state). */
  state?: string;
}

async function addTotals(trx: Kysely<Database>, totals: Map<string, number>) {
  if (!totals.size) return;
  const rows = [...totals].map(([key, value]) => {
    const at = key.indexOf('|');
    return { day: key.slice(0, at), metric: key.slice(at + 1), value };
  });
  for (let i = 0; i < rows.length; i += 300) {
    await trx
      .insertInto('analytics_daily')
      .values(rows.slice(i, i + 300))
      .onConflict((oc) =>
        oc.columns(['day', 'metric']).doUpdateSet((eb) => ({
          value: eb(eb.ref('analytics_daily.value'), '+', eb.ref('excluded.value')),
        })),
      )
      .execute();
  }
}

async function recountActive(trx: Kysely<Database>, day: string) {
  const row = await trx
    .selectFrom('analytics_active')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('day', '=', day)
    .executeTakeFirst();
  await trx
    .insertInto('analytics_daily')
    .values({ day, metric: 'active', value: Number(row?.n ?? 0) })
    .onConflict((oc) => oc.columns(['day', 'metric']).doUpdateSet({ value: Number(row?.n ?? 0) }))
    .execute();
}
