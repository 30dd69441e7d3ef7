import type { AddressInfo } from 'node:net';
import { api } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { dialects, member, testApp, testRedisUrl } from '../../tests/_util';
import { listen } from '../../tests/flows/_push';

/** A series' value in Prometheus text, or undefined when absent (labels matched as written). */
function value(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

const TOKEN = 'metrics-secret-1234';

describe.each(dialects)('metrics on $name', (dialect) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let baseUrl: string;
  beforeAll(async () => {
    t = await testApp(dialect, {
      metrics: { token: TOKEN },
      redisUrl: dialect.url ? testRedisUrl : undefined,
    });
    baseUrl = await listen(t.app);
  });
  afterAll(() => t?.close());

  const scrape = async () => {
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.body;
  };

  it('asks for the token, in the visitor’s language, and tells nothing without it', async () => {
    const none = await t.app.inject({ url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer');
    expect(none.json().message).toBe(
      'Las métricas piden el token de METRICS_TOKEN (Authorization: Bearer ...).',
    );
    expect(none.body).not.toContain('tertulia_http');
    const wrong = await t.app.inject({
      url: '/metrics',
      headers: { authorization: 'Bearer metrics-secret-1235', cookie: 'locale=en' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Metrics need the METRICS_TOKEN token (Authorization: Bearer ...).');
  });

  it('counts requests by route pattern and status, with their latency', async () => {
    const route = `{route="${api.user.getLoggedInUser.path}",method="GET",status="401"}`;
    const before = value(await scrape(), `tertulia_http_requests_total${route}`) ?? 0;
    for (let i = 0; i < 3; i++) await t.app.inject({ url: api.user.getLoggedInUser.path });
    const after = await scrape();
    expect(value(after, `tertulia_http_requests_total${route}`)).toBe(before + 3);
    expect(value(after, `tertulia_http_request_duration_seconds_count${route}`)).toBe(before + 3);
    // Ids in URLs don't make series: the image route is counted under its pattern.
    await t.app.inject({ url: '/media/img/0123456789abcdef0123456789abcdef.jpg' });
    expect(await scrape()).toContain('route="/media/img/:key",method="GET",status="404"');
  });

  it('shows open sockets, pushes fanned out, ledger transfers, queues, event loop lag', async () => {
    const ana = await member(t.app);
    const socket = new WebSocket(`${baseUrl.replace('http', 'ws')}/servlet/push`, {
      headers: { cookie: ana.cookieHeader, origin: baseUrl },
    });
    await new Promise((resolve, reject) => socket.once('message', resolve).once('error', reject));
    await expect.poll(async () => value(await scrape(), 'tertulia_websockets_open')).toBe(1);

    const fanned = value(await scrape(), 'tertulia_push_fanout_lag_seconds_count') ?? 0;
    t.deps.effects.publish([ana.user.uid], { type: 'notification' } as never);
    // At least this push (the socket's arrival may have sent its own).
    await expect
      .poll(async () => value(await scrape(), 'tertulia_push_fanout_lag_seconds_count'))
      .toBeGreaterThanOrEqual(fanned + 1);

    const grants = value(await scrape(), 'tertulia_ledger_transfers_total{kind="grant"}') ?? 0;
    const grant = {
      uid: ana.user.uid,
      amount: 5,
      reason: 'metrics test',
      actorId: 0,
      key: `m-${ana.user.uid}`,
    };
    await t.deps.ledger.grant(grant);
    await t.deps.ledger.grant(grant); // the same key again: a replay, not a transfer
    expect(value(await scrape(), 'tertulia_ledger_transfers_total{kind="grant"}')).toBe(grants + 1);

    socket.close();
    await expect.poll(async () => value(await scrape(), 'tertulia_websockets_open')).toBe(0);
    const text = await scrape();
    expect(value(text, 'tertulia_queue_depth{queue="push_retry"}')).toBe(0);
    expect(value(text, 'tertulia_queue_depth{queue="video_queued"}')).toBe(0);
    expect(value(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    if (dialect.url) expect(value(text, 'tertulia_db_pool_connections{state="total"}')).toBeGreaterThan(0);
    else expect(text).not.toContain('tertulia_db_pool_connections{');
  });
});

describe('metrics on a port of their own', () => {
  it('serves /metrics without a token on METRICS_PORT, and nothing else there; the main port has none', async () => {
    const t = await testApp(dialects[0], { metrics: { port: 0 } });
    try {
      await t.app.ready();
      const address = t.metricsServer.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${address.port}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('# TYPE tertulia_http_requests_total counter');
      expect((await fetch(`http://127.0.0.1:${address.port}/`)).status).toBe(404);
      expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('is off when neither is set', async () => {
    const t = await testApp(dialects[0]);
    try {
      expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(404);
      expect(t.metricsServer.address()).toBeNull();
    } finally {
      await t.close();
    }
  });
});
