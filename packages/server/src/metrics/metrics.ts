import client from 'prom-client';

/**
 * The server's Prometheus metrics (docs/metrics.md). One registry per app, so tests that build
 * several apps in one process never share series. Sources outside the request path (sockets,
 * queues, the pool) are read when scraped, so they cost nothing between scrapes.
 */
export interface Gauges {
  openSockets: () => number;
  effectsWaiting: () => number;
  videoJobs: () => Promise<Record<string, number>>;
  pool?: () => { total: number; idle: number; waiting: number };
}

export function createMetrics() {
  const registry = new client.Registry();
  // Process figures, among them nodejs_eventloop_lag_seconds and heap sizes.
  client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const registers = [registry];

  const requests = new client.Counter({
    name: 'tertulia_http_requests_total',
    help: 'HTTP requests answered, by route pattern, method and status.',
    labelNames: ['route', 'method', 'status'] as const,
    registers,
  });
  const latency = new client.Histogram({
    name: 'tertulia_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern, method and status.',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const fanoutLag = new client.Histogram({
    name: 'tertulia_push_fanout_lag_seconds',
    help: 'From a push being published on the bus to this instance handing it to its sockets.',
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
    registers,
  });
  const busReconnects = new client.Counter({
    name: 'tertulia_bus_reconnects_total',
    help: 'Times the Redis connection of the push bus was lost and tried again.',
    registers,
  });
  const transfers = new client.Counter({
    name: 'tertulia_ledger_transfers_total',
    help: 'Ledger transfers committed (replays of an idempotency key not counted), by kind.',
    labelNames: ['kind'] as const,
    registers,
  });

  let gauges: Gauges | undefined;
  new client.Gauge({
    name: 'tertulia_websockets_open',
    help: 'Push sockets open on this instance.',
    registers,
    collect() {
      if (gauges) this.set(gauges.openSockets());
    },
  });
  new client.Gauge({
    name: 'tertulia_queue_depth',
    help: 'Work waiting: pushes waiting for the bus (queue="push_retry"), video jobs by state (queue="video_<state>").',
    labelNames: ['queue'] as const,
    registers,
    async collect() {
      if (!gauges) return;
      this.set({ queue: 'push_retry' }, gauges.effectsWaiting());
      const jobs = await gauges.videoJobs().catch(() => ({}) as Record<string, number>);
      for (const state of ['queued', 'running']) this.set({ queue: `video_${state}` }, jobs[state] ?? 0);
    },
  });
  new client.Gauge({
    name: 'tertulia_db_pool_connections',
    help: 'PostgreSQL pool connections by state (total, idle, waiting requests); absent on SQLite.',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const pool = gauges?.pool?.();
      if (!pool) return;
      this.set({ state: 'total' }, pool.total);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });

  return {
    registry,
    /** Reads the live figures from these sources at each scrape. */
    watch(sources: Gauges) {
      gauges = sources;
    },
    request(route: string, method: string, status: number, seconds: number) {
      const labels = { route, method, status: String(status) };
      requests.inc(labels);
      latency.observe(labels, seconds);
    },
    fanout: (seconds: number) => fanoutLag.observe(Math.max(0, seconds)),
    busReconnected: () => busReconnects.inc(),
    transfer: (kind: string) => transfers.inc({ kind }),
    text: () => registry.metrics(),
    contentType: registry.contentType,
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
