import { api, type ChatRoom } from '@tertulia/contract';
import { describe, expect, it } from 'vitest';
import { member } from '../_util';
import { twoInstances, twoInstancesAvailable } from './_instances';
import { openPush } from './_push';

// Members of one room on two instances hear each other's entries through Redis.
describe.skipIf(!twoInstancesAvailable)('chat room entries across two instances', () => {
  const two = twoInstances();

  it('delivers an entry sent on A to a member connected to B, and B’s reply back to A', async () => {
    const alba = await member(two.a.app);
    const bruno = await member(two.b.app);
    const [room] = (await alba.ok(api.chat.createRoom, {
      name: 'Entre instancias',
      roomType: 2,
    })) as ChatRoom[];
    await alba.ok(api.chat.enterRoom, { roomId: room.id });
    const brunoOnB = await openPush(two.urlB, { cookie: bruno.cookieHeader });
    expect((await brunoOnB.next()).type).toBe('hello');
    const albaOnA = await openPush(two.urlA, { cookie: alba.cookieHeader });
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
