import { api, type Conversation } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALE_COOKIE } from '../../src/http/cookies';
import { type TcpProxy, tcpProxy } from '../_tcp-proxy';
import { dialects, member, type TestApp, testApp } from '../_util';

const postgres = dialects.find((d) => d.name === 'postgres');

/**
 * PostgreSQL restarted (docs/architecture.md, "Outages"): the app reaches PostgreSQL through a TCP
 * proxy the test cuts and restores, never restarting the machine's server. During the gap a
 * request answers 503 in the member's language with a Retry-After, within the pool's bounds;
 * afterwards the app works again without being restarted.
 */
describe.skipIf(!postgres)('PostgreSQL cut and restored', () => {
  let proxy: TcpProxy;
  let t: TestApp;
  beforeAll(async () => {
    const url = new URL(postgres!.url!);
    proxy = await tcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    t = await testApp(
      { name: 'postgres', url: proxy.url(postgres!.url!) },
      { dbConnectTimeoutMs: 1_000, dbQueryTimeoutMs: 5_000 },
    );
  });
  afterAll(async () => {
    await proxy.restore().catch(() => {});
    await t.close();
    await proxy.close();
  });

  it('answers 503 with a Spanish message and Retry-After while it is away, and reconnects by itself', async () => {
    const [a, b] = [await member(t.app), await member(t.app)];
    const send = (message: string) => a.call(api.messaging.send, { targetIds: [b.user.uid], message });
    expect((await send('antes')).status).toBe(200);

    await proxy.cut();
    try {
      const started = Date.now();
      const during = await send('durante');
      expect(during.status).toBe(503);
      expect(during.body).toEqual({
        message: 'Tertulia no está disponible en este momento. Vuelve a intentarlo en unos segundos.',
        ApiUnavailableException: {},
      });
      expect(during.headers['retry-after']).toBe('5');
      // Bounded by the pool's connection timeout, never a hang.
      if (process.env.OUTAGE_TIMINGS)
        console.log(`request during the PostgreSQL outage: ${Date.now() - started} ms`);
      expect(Date.now() - started).toBeLessThan(5_000);
      // In the member's language.
      a.cookies.set(LOCALE_COOKIE, 'en');
      const english = await send('during');
      expect(english.status).toBe(503);
      expect(english.body.message).toBe(
        'Tertulia is unavailable right now. Please try again in a few seconds.',
      );
      a.cookies.delete(LOCALE_COOKIE);
    } finally {
      await proxy.restore();
    }

    const after = await send('después');
    expect(after.status).toBe(200);
    const [conversation] = after.body[api.messaging.send.result.name] as Conversation[];
    const [read] = (await b.ok(api.messaging.getConversation, {
      conversationId: conversation.conversationId,
    })) as Conversation[];
    // Nothing of the gap was stored; before and after were.
    expect(read.messages!.map((m) => m.content)).toEqual(['antes', 'después']);
  });
});
