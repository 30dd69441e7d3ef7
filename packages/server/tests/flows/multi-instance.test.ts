import { api, PushClose, type PushEvent } from '@tertulia/contract';
import { describe, expect, it, vi } from 'vitest';
import { Client, member, PASSWORD } from '../_util';
import { type Instance, twoInstances, twoInstancesAvailable } from './_instances';
import { openPush, type PushSocket, within } from './_push';

// Two instances behind one load balancer: one PostgreSQL, one Redis, the same settings.
describe.skipIf(!twoInstancesAvailable)('two server instances on one PostgreSQL and one Redis', () => {
  const two = twoInstances();

  const sourceOn = async (instance: Instance, uid: number) =>
    (await instance.deps.presence.sources([uid])).get(uid);
  async function connectToB(m: Awaited<ReturnType<typeof member>>, source?: string): Promise<PushSocket> {
    const socket = await openPush(two.urlB, { cookie: m.cookieHeader, source });
    expect(await socket.next()).toMatchObject({ type: 'hello', userId: m.user.uid });
    return socket;
  }

  it('accepts on B a session started on A', async () => {
    const m = await member(two.a.app);
    const onB = new Client(two.b.app);
    onB.cookies = new Map(m.cookies);
    const [self] = (await onB.ok(api.user.getLoggedInUser)) as { uid: number }[];
    expect(self.uid).toBe(m.user.uid);
  });

  it('delivers an event published on A to a socket connected to B', async () => {
    const m = await member(two.a.app);
    const socket = await connectToB(m);
    const event: PushEvent = { type: 'notification', id: 7, kind: 'test', text: 'desde A' };
    await two.a.deps.hub.publish([m.user.uid], event);
    expect(await socket.next()).toEqual(event);
    await socket.close();
  });

  it.each(['Web', 'Mobile'])(
    'agrees on both instances that a %s member is online, then offline',
    async (source) => {
      const m = await member(two.a.app);
      const uid = m.user.uid;
      const socket = await connectToB(m, source === 'Web' ? undefined : source);
      expect(await sourceOn(two.a, uid)).toBe(source);
      expect(await sourceOn(two.b, uid)).toBe(source);
      await socket.close();
      await vi.waitFor(async () => expect(await sourceOn(two.b, uid)).toBeUndefined(), { timeout: 5000 });
      expect(await sourceOn(two.a, uid)).toBeUndefined();
    },
  );
});

// Sessions end on every instance: a socket held by B closes when its session logs out on A.
describe.skipIf(!twoInstancesAvailable)('sessions ending across two instances', () => {
  const two = twoInstances();

  it('logout on A closes that session’s socket on B, not the member’s other session', async () => {
    const m = await member(two.a.app);
    const other = new Client(two.b.app, '10.8.8.8');
    expect((await other.call(api.profile.login, { name: m.user.name, password: PASSWORD })).status).toBe(200);
    const [mine, theirs] = [
      await openPush(two.urlB, { cookie: m.cookieHeader }),
      await openPush(two.urlB, { cookie: other.cookieHeader }),
    ];
    for (const s of [mine, theirs]) expect((await s.next()).type).toBe('hello');
    await m.ok(api.profile.logout);
    expect(await within(mine.closed, 3000, 'the socket on B')).toMatchObject({
      code: PushClose.sessionEnded,
    });
    const event: PushEvent = { type: 'notification', id: 8, kind: 'test', text: 'tras salir' };
    await two.a.deps.hub.publish([m.user.uid], event);
    expect(await theirs.next()).toEqual(event);
    await theirs.close();
  });

  it('a password change on A closes the other sessions’ sockets on B', async () => {
    const m = await member(two.a.app);
    const other = new Client(two.b.app, '10.8.8.9');
    expect((await other.call(api.profile.login, { name: m.user.name, password: PASSWORD })).status).toBe(200);
    const theirs = await openPush(two.urlB, { cookie: other.cookieHeader });
    expect((await theirs.next()).type).toBe('hello');
    await m.ok(api.profile.changePassword, { currentPassword: PASSWORD, newPassword: 'nueva-clave-larga' });
    expect(await within(theirs.closed, 3000, 'the socket on B')).toMatchObject({
      code: PushClose.sessionEnded,
    });
    expect((await other.call(api.user.getLoggedInUser)).status).toBe(401);
  });
});
