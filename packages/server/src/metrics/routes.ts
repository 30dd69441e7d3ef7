import { timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { MetricsConfig } from '../config';
import { poolOf } from '../db/index';
import type { Deps } from '../deps';
import { ApiError } from '../http/errors';
import { videoJobStore } from '../media/video/job-store';
import type { Metrics } from './metrics';

export const METRICS_PATH = '/metrics';

const sameToken = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Times every answer by its route pattern (not its URL: ids would make a series each), and serves
 * the Prometheus text: at METRICS_PATH on the main port for a bearer METRICS_TOKEN, and/or on
 * METRICS_PORT, a port of its own for the private network (docs/metrics.md). Neither set: no
 * /metrics at all.
 */
export function registerMetrics(
  app: FastifyInstance,
  metrics: Metrics,
  { config, db, hub, effects }: Pick<Deps, 'config' | 'db' | 'hub' | 'effects'>,
) {
  const jobs = videoJobStore(db);
  const pool = poolOf(db);
  metrics.watch({
    openSockets: () => hub.connectionCount(),
    effectsWaiting: () => effects.pending(),
    videoJobs: () => jobs.unfinishedByState(),
    pool: pool && (() => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount })),
  });
  return serveMetrics(app, metrics, config.metrics, config.host);
}

function serveMetrics(app: FastifyInstance, metrics: Metrics, config: MetricsConfig, host: string) {
  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.request(route, request.method, reply.statusCode, reply.elapsedTime / 1000);
  });

  if (config.token) {
    const token = config.token;
    app.get(METRICS_PATH, async (request, reply) => {
      const header = request.headers.authorization ?? '';
      const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
      if (!sameToken(given, token)) {
        reply.header('www-authenticate', 'Bearer');
        throw new ApiError('ApiLoginRequiredException', 'metrics.tokenRequired');
      }
      return reply
        .header('content-type', metrics.contentType)
        .header('cache-control', 'no-store')
        .send(await metrics.text());
    });
  }

  if (config.port !== undefined) {
    const server = http.createServer((request, response) => {
      if (request.method !== 'GET' || request.url?.split('?')[0] !== METRICS_PATH) {
        response.writeHead(404).end();
        return;
      }
      metrics.text().then(
        (text) => response.writeHead(200, { 'content-type': metrics.contentType }).end(text),
        () => response.writeHead(500).end(),
      );
    });
    app.addHook('onReady', () => new Promise<void>((resolve) => server.listen(config.port, host, resolve)));
    app.addHook('onClose', () => new Promise<void>((resolve) => server.close(() => resolve())));
    return { address: () => server.address() };
  }
  return { address: () => null };
}
