import fs from 'node:fs';
import { api, type ChatRoom } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import type { Config } from '../../src/config';
import { dialects, dropSchema, member, testConfig, testRedisUrl } from '../_util';
import { listen, openPush } from './_push';

const postgres = dialects.find((d) => d.name === 'postgres');
type Instance = Awaited<ReturnType<typeof buildApp>>;

// Members of one room on two instances hear each other's entries through Redis.
describe.skipIf(!postgres || !testRedisUrl)('chat room entries across two instances', () => {
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

  it('delivers an entry sent on A to a member connected to B, and B’s reply back to A', async () => {
    const alba = await member(a.app);
    const bruno = await member(b.app);
    const [room] = (await alba.ok(api.chat.createRoom, {
      name: 'Entre instancias',
      roomType: 2,
    })) as ChatRoom[];
    await alba.ok(api.chat.enterRoom, { roomId: room.id });
    const brunoOnB = await openPush(urlB, { cookie: bruno.cookieHeader });
    expect((await brunoOnB.next()).type).toBe('hello');
    const albaOnA = await openPush(urlA, { cookie: alba.cookieHeader });
    expect((await albaOnA.next()).type).toBe('hello');
    await bruno.ok(api.chat.enterRoom, { roomId: room.id });
    const entered = { type: 'chatRoomUser', action: 'entered', user: { uid: bruno.user.uid } };
    expect(await albaOnA.next()).toMatchObject(entered);
    expect(await brunoOnB.next()).toMatchObject(entered);

    await alba.ok(api.chat.sendMessage, { roomId: room.id, message: 'Hola desde A' });
    expect(await brunoOnB.next()).toMatchObject({
      type: 'chatEntry',
      roomId: room.id,
      entry: { message: 'Hola desde A', user: { uid: alba.user.uid } },
    });
    await bruno.ok(api.chat.sendMessage, { roomId: room.id, message: 'Hola desde B' });
    expect(await albaOnA.next()).toMatchObject({ type: 'chatEntry', entry: { message: 'Hola desde A' } });
    expect(await albaOnA.next()).toMatchObject({ type: 'chatEntry', entry: { message: 'Hola desde B' } });
    // Presence is shared: the room counts both on either instance.
    expect(await alba.ok(api.chat.getUsersCountInRoom, { roomId: room.id })).toEqual([2]);
    await Promise.all([albaOnA.close(), brunoOnB.close()]);
  });
});
