import { PushClose, type PushEvent } from '@tertulia/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SESSION_COOKIE } from '../../src/http/session';
import { type Dialect, dialects, member, testApp, testRedisUrl } from '../_util';
import { listen, openPush, type PushOptions, type PushSocket, refusedStatus, within } from './_push';

// PostgreSQL runs on the Redis bus when CI provides one, so both buses carry the same flows.
const setups = dialects.map((d) => ({
  ...d,
  bus: d.name === 'postgres' && testRedisUrl ? 'redis' : 'local',
}));
const appFor = (setup: Dialect & { bus: string }) =>
  testApp(setup, { redisUrl: setup.bus === 'redis' ? testRedisUrl : undefined });

type Member = Awaited<ReturnType<typeof member>>;
const note = (id: number, text: string): PushEvent => ({ type: 'notification', id, kind: 'test', text });

describe.each(setups)('push socket on $name with the $bus bus', (setup) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let base: string;
  const sockets: PushSocket[] = [];
  beforeAll(async () => {
    t = await appFor(setup);
    base = await listen(t.app);
  });
  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((s) => s.close()));
  });
  afterAll(() => t.close());

  /** A socket of the member, past its hello frame. */
  async function connect(m: Member, options: PushOptions = {}) {
    const socket = await openPush(base, { cookie: m.cookieHeader, ...options });
    sockets.push(socket);
    expect(await socket.next()).toMatchObject({ type: 'hello', userId: m.user.uid });
    return socket;
  }
  const sourceOf = async (m: Member) => (await t.deps.presence.sources([m.user.uid])).get(m.user.uid);

  it('refuses the upgrade without a session', async () => {
    expect(await refusedStatus(base)).toBe(401);
    expect(await refusedStatus(base, { cookie: `${SESSION_COOKIE}=forged-token` })).toBe(401);
  });

  it('refuses the upgrade from a foreign origin even with a session, accepts our own', async () => {
    const m = await member(t.app);
    expect(await refusedStatus(base, { cookie: m.cookieHeader, origin: 'https://evil.example' })).toBe(403);
    await connect(m, { origin: base });
  });

  it('greets with hello and answers ping with pong', async () => {
    const m = await member(t.app);
    const socket = await openPush(base, { cookie: m.cookieHeader });
    sockets.push(socket);
    const hello = await socket.next();
    expect(hello).toEqual({ type: 'hello', userId: m.user.uid, serverTime: expect.any(Number) });
    expect(Math.abs(Number(hello.serverTime) - Date.now())).toBeLessThan(60_000);
    socket.send({ type: 'ping' });
    expect(await socket.next()).toEqual({ type: 'pong' });
  });

  it('delivers an event to every tab of the member and to no other member', async () => {
    const [ana, bea] = [await member(t.app), await member(t.app)];
    const [tab1, tab2, other] = [await connect(ana), await connect(ana), await connect(bea)];
    // The bus keeps order, so a frame that leaked to the wrong member would arrive before the next one.
    await t.deps.hub.publish([ana.user.uid], note(1, 'para Ana'));
    await t.deps.hub.publish([bea.user.uid], note(2, 'para Bea'));
    await t.deps.hub.publish([ana.user.uid], note(3, 'otra para Ana'));
    for (const tab of [tab1, tab2]) {
      expect(await tab.next()).toEqual(note(1, 'para Ana'));
      expect(await tab.next()).toEqual(note(3, 'otra para Ana'));
    }
    expect(await other.next()).toEqual(note(2, 'para Bea'));
  });

  it('marks the source the socket names', async () => {
    const m = await member(t.app);
    const socket = await connect(m, { source: 'Mobile' });
    expect(await sourceOf(m)).toBe('Mobile');
    await socket.close();
    await vi.waitFor(async () => expect(await sourceOf(m)).toBeUndefined(), { timeout: 5000 });
  });

  it('keeps a member with two tabs online until both close', async () => {
    const m = await member(t.app);
    expect(await sourceOf(m)).toBeUndefined();
    const before = t.deps.hub.connectionCount();
    const [tab1, tab2] = [await connect(m), await connect(m)];
    expect(await sourceOf(m)).toBe('Web');
    await tab1.close();
    // The hub forgets the socket in the same step that clears its presence entry.
    await vi.waitFor(() => expect(t.deps.hub.connectionCount()).toBe(before + 1), { timeout: 5000 });
    expect(await sourceOf(m)).toBe('Web');
    await tab2.close();
    await vi.waitFor(async () => expect(await sourceOf(m)).toBeUndefined(), { timeout: 5000 });
  });

  it('closes sockets with the restart code when the server shuts down', async () => {
    const own = await appFor(setup);
    const url = await listen(own.app);
    const m = await member(own.app);
    const socket = await openPush(url, { cookie: m.cookieHeader });
    expect((await socket.next()).type).toBe('hello');
    const closing = own.close();
    expect((await within(socket.closed, 5000, 'the close frame')).code).toBe(PushClose.restart);
    await closing;
  });
});
