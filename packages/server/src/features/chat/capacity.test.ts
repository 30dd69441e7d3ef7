import { api } from '@tertulia/contract';
import { describe, expect, it } from 'vitest';
import { dialects, listeningApp } from '../../../tests/_util';
import { roomSteps } from './_test-room';
import { memberStore } from './member-store';

/** A room's capacity holds under concurrent joins: counting and seating are one step (member-store.ts). */
describe.each(dialects)('chat room capacity on $name', (dialect) => {
  const app = listeningApp(dialect);
  const s = roomSteps(app);

  it('lets exactly maxUsers of many concurrent joiners in, and tells the others the room is full', async () => {
    const owner = await s.member();
    const maxUsers = 3;
    const room = await s.create(owner, 2, { maxUsers });
    const joiners = await Promise.all(Array.from({ length: 10 }, () => s.member()));
    const answers = await Promise.all(joiners.map((j) => j.call(api.chat.enterRoom, { roomId: room.id })));
    const admitted = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    expect(admitted).toHaveLength(maxUsers);
    expect(refused).toHaveLength(joiners.length - maxUsers);
    for (const r of refused) {
      expect(r.status).toBe(403);
      expect(r.body.message).toBe('La sala está llena. Prueba otra vez en un rato.');
    }
    expect(await owner.ok(api.chat.getUsersCountInRoom, { roomId: room.id })).toEqual([maxUsers]);
    // Whoever got in is listed; nobody refused is.
    const listed = (await owner.ok(api.chat.getUsersInChatRoom, { roomId: room.id })) as { uid: number }[];
    const inside = joiners.filter((_, i) => answers[i].status === 200).map((j) => j.user.uid);
    expect(listed.map((u) => u.uid).sort()).toEqual(inside.sort());
  });

  it('still seats the owner and lets a member already inside enter again in a full room', async () => {
    const owner = await s.member();
    const room = await s.create(owner, 2, { maxUsers: 2 });
    const [a, b] = await Promise.all([s.member(), s.member()]);
    await Promise.all([s.enter(a, room.id), s.enter(b, room.id)]);
    const again = await Promise.all([
      a.call(api.chat.enterRoom, { roomId: room.id }),
      owner.call(api.chat.enterRoom, { roomId: room.id }),
    ]);
    expect(again.map((r) => r.status)).toEqual([200, 200]);
    expect(await owner.ok(api.chat.getUsersCountInRoom, { roomId: room.id })).toEqual([3]);
  });

  it('seats by the store only while a place is free, and always whoever is in already', async () => {
    const owner = await s.member();
    const room = await s.create(owner, 2, { maxUsers: 2 });
    const [a, b, c] = await Promise.all([s.member(), s.member(), s.member()]);
    const members = memberStore(app.t.deps.db);
    const seat = (who: typeof a) => members.enterIfFree(room.id, who.user.uid, Date.now());
    const three = [a, b, c];
    const seated = await Promise.all(three.map(seat));
    expect(seated.filter(Boolean)).toHaveLength(2);
    const inside = three.filter((_, i) => seated[i]);
    const outside = three.find((_, i) => !seated[i])!;
    // Full now: a member inside may enter again (their time is renewed), the one outside may not.
    expect(await Promise.all([seat(inside[0]), seat(outside)])).toEqual([true, false]);
    expect((await members.counts([room.id])).get(room.id)).toBe(2);
    expect(await members.isMember(room.id, outside.user.uid)).toBe(false);
  });
});
