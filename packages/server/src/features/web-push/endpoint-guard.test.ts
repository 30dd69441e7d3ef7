import { createECDH, randomBytes } from 'node:crypto';
import net from 'node:net';
import { api } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, member, type TestApp, testApp } from '../../../tests/_util';

/** Keys as a browser would send them (the endpoint is what these tests vary). */
const keys = () => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
};

// Issue #38: push/subscribe stored inside addresses and the server then connected to them.
describe.each(dialects)('push endpoints never reach inside, on $name', (dialect) => {
  let t: TestApp;
  let server: net.Server;
  let port: number;
  let connections = 0;
  beforeAll(async () => {
    // A listener where an inside endpoint points: a TLS handshake would be a connection here.
    server = net.createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as net.AddressInfo).port;
    t = await testApp(dialect); // production settings: no http, no private targets
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => server.close(resolve));
  });

  const rows = (uid: number) =>
    t.deps.db.selectFrom('push_subscriptions').select('endpoint').where('user_id', '=', uid).execute();

  it('push/subscribe refuses inside addresses and credentials, in the member’s language, storing nothing', async () => {
    const a = await member(t.app);
    const inside = [
      `https://127.0.0.1:${port}/push/1`,
      `https://127.1:${port}/push/1`,
      `https://0x7f000001:${port}/push/1`,
      `https://[::1]:${port}/push/1`,
      `https://[::ffff:127.0.0.1]:${port}/push/1`,
      `https://localhost:${port}/push/1`,
      'https://10.0.0.1/push/1',
      'https://169.254.169.254/latest/meta-data',
      'https://100.64.0.1/push/1',
    ];
    for (const endpoint of inside) {
      const res = await a.call(api.webPush.subscribe, { ...keys(), endpoint });
      expect(res.status, endpoint).toBe(400);
      expect(res.body.message, endpoint).toMatch(/dirección pública de internet/);
    }
    const withUser = await a.call(api.webPush.subscribe, {
      ...keys(),
      endpoint: 'https://user:secreto@push.example/1',
    });
    expect(withUser.status).toBe(400);
    expect(withUser.body.message).toMatch(/usuario ni contraseña/);
    a.cookies.set('locale', 'en');
    const english = await a.call(api.webPush.subscribe, { ...keys(), endpoint: `https://127.1:${port}/x` });
    expect(english.status).toBe(400);
    expect(english.body.message).toMatch(/public internet address/);
    expect(await rows(a.user.uid)).toEqual([]);
    await t.deps.webPush.settled();
    expect(connections).toBe(0);
  });

  it('a stored endpoint that points inside by send time gets no connection', async () => {
    // Stored before this guard, or a name whose DNS answer changed since the member subscribed.
    const [a, b] = [await member(t.app), await member(t.app)];
    const session = await t.deps.db
      .selectFrom('sessions')
      .select('id_hash')
      .where('user_id', '=', a.user.uid)
      .executeTakeFirstOrThrow();
    await t.deps.db
      .insertInto('push_subscriptions')
      .values(
        [`https://127.0.0.1:${port}/push/2`, `https://localhost:${port}/push/2`].map((endpoint) => ({
          user_id: a.user.uid,
          session_hash: session.id_hash,
          endpoint,
          ...keys(),
          created_at: Date.now(),
        })),
      )
      .execute();
    const before = t.deps.webPush.stats();
    await b.ok(api.messaging.send, { targetIds: [a.user.uid], message: 'hola' });
    await t.deps.effects.settled();
    await t.deps.outbox.flush();
    await t.deps.webPush.settled();
    const after = t.deps.webPush.stats();
    expect(after.sent).toBe(before.sent);
    expect(after.failed + after.gone - before.failed - before.gone).toBe(2);
    expect(connections).toBe(0);
  });
});
