import type { DailySeries, ScriptErrorCount } from '@tertulia/contract';
import type { Db } from '../../db/index';
import { analyticsStore, type CountSource } from './analytics-store';
import { dayOf } from './events';

const DAY = 86_400_000;

/**
 * Daily series counted from a table's creation times. A closed day is counted once and kept in
 * analytics_daily; only today is counted live (an index range over today's rows). Gold sold is
 * the gold of the day's paid purchases (docs/analytics.md).
 */
const SOURCES: Record<string, CountSource> = {
  signups: { table: 'users', column: 'creation_time' },
  messages: { table: 'messages', column: 'created_at' },
  chatLines: { table: 'chat_entries', column: 'created_at' },
  gifts: { table: 'gift_sends', column: 'created_at' },
  goldSold: { table: 'gold_payments', column: 'created_at', sum: 'gold', state: 'paid' },
};

/** Stored as the events come in (features/admin/events.ts). */
const FROM_EVENTS = ['active'];

/** The dashboard's charts: every series read from daily totals, so flat as events grow. */
export function dailyStatsUseCases(db: Db) {
  const store = analyticsStore(db);

  return {
    async series(days: number, now = Date.now()): Promise<DailySeries[]> {
      const today = dayOf(now);
      const dayList = Array.from({ length: days }, (_, i) => dayOf(now - (days - 1 - i) * DAY));
      const metrics = [...FROM_EVENTS, ...Object.keys(SOURCES).map((m) => `src:${m}`)];
      const stored = new Map(
        (await store.totals(metrics, dayList[0], today)).map((r) => [
          `${r.day}|${r.metric}`,
          Number(r.value),
        ]),
      );
      const out: DailySeries[] = FROM_EVENTS.map((metric) => ({
        metric,
        points: dayList.map((day) => ({ day, value: stored.get(`${day}|${metric}`) ?? 0 })),
      }));
      for (const [name, source] of Object.entries(SOURCES)) {
        const points = [];
        for (const day of dayList) {
          const start = Date.parse(`${day}T00:00:00Z`);
          let value = stored.get(`${day}|src:${name}`);
          if (value === undefined) {
            value = await store.countCreated(source, start, start + DAY);
            if (day !== today) await store.keepTotal(day, `src:${name}`, value);
          }
          points.push({ day, value });
        }
        out.push({ metric: name, points });
      }
      return out;
    },

    async topErrors(days: number, now = Date.now()): Promise<ScriptErrorCount[]> {
      const rows = await store.top('error:', dayOf(now - (days - 1) * DAY), dayOf(now), 10);
      return rows.map((r) => ({ message: r.metric.slice('error:'.length), count: Number(r.total) }));
    },
  };
}
