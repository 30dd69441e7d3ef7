import fs from 'node:fs';
import { api, type PushEvent } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app';
import type { Config } from '../../src/config';
import { Client, dialects, dropSchema, member, testConfig, testRedisUrl } from '../_util';
import { listen, openPush, type PushSocket } from './_push';

const postgres = dialects.find((d) => d.name === 'postgres');
type Instance = Awaited<ReturnType<typeof buildApp>>;

// Two instances behind one load balancer: one PostgreSQL, one Redis, the same settings.
describe.skipIf(!postgres || !testRedisUrl)('two server instances on one PostgreSQL and one Redis', () => {
  let config: Config;
  let a: Instance;
  let b: Instance;
  let urlB: string;
  beforeAll(async () => {
    config = testConfig(postgres!, { redisUrl: testRedisUrl });
    a = await buildApp(config);
    b = await buildApp(config);
    await listen(a.app);
    urlB = await listen(b.app);
  });
  afterAll(async () => {
    await Promise.all([a?.app.close(), b?.app.close()]);
    await dropSchema(config);
    fs.rmSync(config.dataDir, { recursive: true, force: true });
  });

  const sourceOn = async (instance: Instance, uid: number) =>
    (await instance.deps.presence.sources([uid])).get(uid);
  async function connectToB(m: Awaited<ReturnType<typeof member>>, source?: string): Promise<PushSocket> {
    const socket = await openPush(urlB, { cookie: m.cookieHeader, source });
    expect(await socket.next()).toMatchObject({ type: 'hello', userId: m.user.uid });
    return socket;
  }

  it('accepts on B a session started on A', async () => {
    const m = await member(a.app);
    const onB = new Client(b.app);
    onB.cookies = new Map(m.cookies);
    const [self] = (await onB.ok(api.user.getLoggedInUser)) as { uid: number }[];
    expect(self.uid).toBe(m.user.uid);
  });

  it('delivers an event published on A to a socket connected to B', async () => {
    const m = await member(a.app);
    const socket = await connectToB(m);
    const event: PushEvent = { type: 'notification', id: 7, kind: 'test', text: 'desde A' };
    await a.deps.hub.publish([m.user.uid], event);
    expect(await socket.next()).toEqual(event);
    await socket.close();
  });

  it.each(['Web', 'Mobile'])(
    'agrees on both instances that a %s member is online, then offline',
    async (source) => {
      const m = await member(a.app);
      const uid = m.user.uid;
      const socket = await connectToB(m, source === 'Web' ? undefined : source);
      expect(await sourceOn(a, uid)).toBe(source);
      expect(await sourceOn(b, uid)).toBe(source);
      await socket.close();
      await vi.waitFor(async () => expect(await sourceOn(b, uid)).toBeUndefined(), { timeout: 5000 });
      expect(await sourceOn(a, uid)).toBeUndefined();
    },
  );
});
