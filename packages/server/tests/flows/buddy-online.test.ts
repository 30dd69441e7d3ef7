import fs from 'node:fs';
import { api } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import type { Config } from '../../src/config';
import { dialects, dropSchema, member, testConfig, testRedisUrl } from '../_util';
import { listen, openPush } from './_push';

const postgres = dialects.find((d) => d.name === 'postgres');
type Instance = Awaited<ReturnType<typeof buildApp>>;

// A friend on instance B hears that a member came online on instance A, through Redis.
describe.skipIf(!postgres || !testRedisUrl)('buddyOnline across two instances', () => {
  let config: Config;
  let a: Instance;
  let b: Instance;
  let urlA: string;
  let urlB: string;
  beforeAll(async () => {
    config = testConfig(postgres!, { redisUrl: testRedisUrl });
    a = await buildApp(config);
    b = await buildApp(config);
    urlA = await listen(a.app);
    urlB = await listen(b.app);
  });
  afterAll(async () => {
    await Promise.all([a?.app.close(), b?.app.close()]);
    await dropSchema(config);
    fs.rmSync(config.dataDir, { recursive: true, force: true });
  });

  it('reaches online friends on the other instance, and never fires for invisible members', async () => {
    const alba = await member(a.app);
    const bruno = await member(a.app);
    const [id] = (await alba.ok(api.buddy.sendUserBuddyRequest, {
      receivingUserId: bruno.user.uid,
    })) as number[];
    await bruno.ok(api.buddy.acceptFriendshipRequest, { offlineMessageId: id });

    const brunoOnB = await openPush(urlB, { cookie: bruno.cookieHeader });
    expect((await brunoOnB.next()).type).toBe('hello');
    const albaOnA = await openPush(urlA, { cookie: alba.cookieHeader });
    expect(await brunoOnB.next()).toMatchObject({
      type: 'buddyOnline',
      user: { uid: alba.user.uid, name: alba.user.name },
    });
    await albaOnA.close();

    await a.deps.db.updateTable('users').set({ star: 2 }).where('id', '=', alba.user.uid).execute();
    await alba.ok(api.premium.setOnlineStatus, { status: 1 });
    const invisible = await openPush(urlA, { cookie: alba.cookieHeader });
    await invisible.next();
    // A marker published after the connection: nothing else may arrive before it.
    await a.deps.hub.publish([bruno.user.uid], { type: 'streetWarsJournal', text: 'marca', url: '/' });
    expect((await brunoOnB.next()).type).toBe('streetWarsJournal');
    await Promise.all([invisible.close(), brunoOnB.close()]);
  });
});
