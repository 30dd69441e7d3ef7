import {
  WEB_VITAL_EVENT,
  WEB_VITAL_METRICS,
  type WebVitalMetric,
  type WebVitalP75,
} from '@tertulia/contract';
import type { Db } from '../../db/index';
import { analyticsStore, type VitalRow } from './analytics-store';

const DAY = 86_400_000;
/** Pages shown on the dashboard: the routes with the most samples. */
const PAGES_SHOWN = 30;
/** Values past these are measurement noise or forged: LCP/INP in ms, CLS unitless. */
const LIMITS: Record<WebVitalMetric, number> = { LCP: 120_000, INP: 60_000, CLS: 50 };
/** A route pattern of the app (app/router.tsx): `/html/index.jsp`, `/chat/room/:roomId`, `*`. */
const ROUTE = /^(\/[A-Za-z0-9/_.:-]{0,118}|\*)$/;

/**
 * The stored row of a `web_vital` event (docs/analytics.md, "Web vitals"), or undefined when it is
 * not one we keep: an unknown metric, a value out of range, a route that is not a route pattern
 * (visitors may send too, so a page name must not grow the table's pages without bound).
 */
export function vitalOf(
  event: { name: string; props?: Record<string, string | number | boolean>; page?: string },
  createdAt: number,
): VitalRow | undefined {
  if (event.name !== WEB_VITAL_EVENT || !event.props) return undefined;
  const { metric, value, route } = event.props;
  if (!(WEB_VITAL_METRICS as readonly unknown[]).includes(metric)) return undefined;
  const limit = LIMITS[metric as WebVitalMetric];
  // A prop may arrive as its text: the contract's validation coerces to the union's first type.
  const n =
    typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN;
  if (!Number.isFinite(n) || n < 0 || n > limit) return undefined;
  const page = typeof route === 'string' ? route : event.page;
  if (!page || !ROUTE.test(page)) return undefined;
  return { page, metric: metric as WebVitalMetric, value: n, created_at: createdAt };
}

/** The dashboard's table: the 75th percentile of each vital per page over the last days. */
export function vitalsUseCases(db: Db) {
  const store = analyticsStore(db);
  return {
    async p75(days: number, now = Date.now()): Promise<WebVitalP75[]> {
      const rows = await store.vitalsP75(now - days * DAY);
      const samples = new Map<string, number>();
      for (const r of rows) samples.set(r.page, (samples.get(r.page) ?? 0) + r.samples);
      const shown = new Set(
        [...samples]
          .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
          .slice(0, PAGES_SHOWN)
          .map(([page]) => page),
      );
      return rows.filter((r) => shown.has(r.page)).map((r) => ({ ...r, metric: r.metric as WebVitalMetric }));
    },
  };
}
