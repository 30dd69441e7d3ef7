import { api, type Message } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TcpProxy, tcpProxy } from '../_tcp-proxy';
import { dialects, member, type TestApp, testApp, testRedisUrl } from '../_util';
import { listen, openPush, type PushSocket } from './_push';

type Member = Awaited<ReturnType<typeof member>>;

/**
 * Redis unreachable (docs/architecture.md, "Outages"): the app talks to Redis through a TCP proxy
 * the test cuts and restores, so the shared Redis other tests use is never touched. Writes still
 * commit and answer 200; rate limits fall back to the instance; pushes that could not be published
 * go out once Redis is back, once each.
 */
describe.skipIf(!testRedisUrl).each(dialects)('Redis cut and restored on $name', (dialect) => {
  let proxy: TcpProxy;
  let t: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    const redis = new URL(testRedisUrl!);
    proxy = await tcpProxy({ host: redis.hostname, port: Number(redis.port || 6379) });
    t = await testApp(dialect, { redisUrl: proxy.url(testRedisUrl!) });
    baseUrl = await listen(t.app);
  });
  afterAll(async () => {
    await proxy.restore().catch(() => {});
    await t.close();
    await proxy.close();
  });

  const socketOf = async (who: Member) => {
    const socket = await openPush(baseUrl, { cookie: who.cookieHeader });
    expect((await socket.next()).type).toBe('hello');
    return socket;
  };
  /** The `message` frames of one text a socket receives within `ms` (or until `enough` came). */
  const framesOf = async (
    socket: PushSocket,
    content: string,
    ms: number,
    enough = Number.POSITIVE_INFINITY,
  ) => {
    const seen: Message[] = [];
    const until = Date.now() + ms;
    while (Date.now() < until && seen.length < enough) {
      const frame = await socket.next(until - Date.now()).catch(() => undefined);
      if (!frame) break;
      if (frame.type === 'message' && (frame.message as Message).content === content)
        seen.push(frame.message as Message);
    }
    return seen;
  };
  const stored = async (content: string) => {
    const rows = await t.deps.db.selectFrom('messages').select('id').where('content', '=', content).execute();
    return rows.length;
  };

  it('answers a send mid-outage with 200, stores it once, and pushes it once when Redis returns', async () => {
    const [a, b] = [await member(t.app), await member(t.app)];
    const socket = await socketOf(b);
    await proxy.cut();
    let restored = false;
    try {
      const started = Date.now();
      const res = await a.call(api.messaging.send, { targetIds: [b.user.uid], message: 'sin redis' });
      expect(res.body.message).toBeUndefined();
      expect(res.status).toBe(200);
      // Redis calls fail fast while it is away: the answer does not wait for reconnects.
      const tookMs = Date.now() - started;
      if (process.env.OUTAGE_TIMINGS) console.log(`send during the Redis outage: ${tookMs} ms`);
      expect(tookMs).toBeLessThan(3_000);
      expect(await stored('sin redis')).toBe(1);
      // A second write in the outage: rate limits answer from this instance's own counters.
      const again = await a.call(api.messaging.send, { targetIds: [b.user.uid], message: 'otra vez' });
      expect(again.status).toBe(200);
      await proxy.restore();
      restored = true;
      const first = await framesOf(socket, 'sin redis', 15_000, 1);
      expect(first.map((m) => m.sender?.uid)).toEqual([a.user.uid]);
    } finally {
      if (!restored) await proxy.restore();
    }
    // Nothing twice: no second copy of the push, and one stored row.
    expect(await framesOf(socket, 'sin redis', 1_500)).toEqual([]);
    expect(await stored('sin redis')).toBe(1);
    await socket.close();
  });
});
