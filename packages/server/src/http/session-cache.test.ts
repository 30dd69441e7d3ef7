import { api } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, member, testApp } from '../../tests/_util';
import { changeOf, type MemberChange } from '../db/member-change';
import { memberWritesOf } from '../db/member-writes';
import type { UserRow } from './context';
import { IDLE_MS, REMEMBER_MS, REVALIDATE_MS, SESSION_COOKIE, sessionService } from './session';
import { SessionCache } from './session-cache';

const row = (id: number) => ({ id }) as UserRow;

describe('SessionCache', () => {
  it('holds at most max sessions, dropping the least recently used', () => {
    const cache = new SessionCache(3);
    for (const h of ['a', 'b', 'c']) cache.set({ idHash: h, user: row(1), expiresAt: 1, readAt: 0 });
    cache.get('a');
    cache.set({ idHash: 'd', user: row(2), expiresAt: 1, readAt: 0 });
    expect(cache.size).toBe(3);
    expect(cache.get('b')).toBeUndefined();
    expect(['a', 'c', 'd'].map((h) => cache.get(h)?.idHash)).toEqual(['a', 'c', 'd']);
    // Dropping member 1 drops both of its sessions, and only those.
    cache.drop({ userIds: [1], sessionHashes: [] });
    expect(cache.size).toBe(1);
    expect(cache.get('d')).toBeDefined();
    const generation = cache.generation;
    cache.drop({ all: true });
    expect(cache.size).toBe(0);
    expect(cache.generation).toBe(generation + 1);
  });

  it('keeps a session in use while new ones keep coming, without moving it on every request', () => {
    const cache = new SessionCache(10);
    const entry = (h: string) => ({ idHash: h, user: row(1), expiresAt: 1, readAt: 0 });
    for (let i = 0; i < 10; i++) cache.set(entry(`old${i}`));
    for (let i = 0; i < 50; i++) {
      expect(cache.get('old0')?.idHash).toBe('old0');
      cache.set(entry(`new${i}`));
    }
    expect(cache.size).toBe(10);
    expect(cache.get('old1')).toBeUndefined();
  });

  it('freezes the rows it hands out, so no request can change another one', () => {
    const cache = new SessionCache();
    cache.set({ idHash: 'a', user: row(1), expiresAt: 1, readAt: 0 });
    expect(Object.isFrozen(cache.get('a')?.user)).toBe(true);
  });
});

describe.each(dialects)('member writes and the session cache ($name)', (dialect) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp(dialect);
  });
  afterAll(() => t.close());

  const changes = (query: { compile(): never }) => changeOf(query.compile());

  it('finds which members a statement changes', () => {
    const db = t.deps.db;
    expect(changes(db.selectFrom('users').selectAll().where('id', '=', 1) as never)).toBeUndefined();
    expect(
      changes(db.updateTable('photos').set({ caption: 'x' }).where('id', '=', 1) as never),
    ).toBeUndefined();
    expect(changes(db.updateTable('users').set({ city: 'x' }).where('id', '=', 7) as never)).toEqual({
      userIds: [7],
      sessionHashes: [],
    });
    expect(
      changes(
        db.updateTable('users').set({ city: 'x' }).where('id', 'in', [1, 2]).where('city', '=', 'y') as never,
      ),
    ).toEqual({ userIds: [1, 2], sessionHashes: [] });
    expect(changes(db.updateTable('users').set({ star: 0 }).where('star', '=', 2) as never)).toEqual({
      all: true,
    });
    expect(changes(db.deleteFrom('sessions').where('id_hash', '=', 'h') as never)).toEqual({
      userIds: [],
      sessionHashes: ['h'],
    });
    expect(changes(db.deleteFrom('sessions').where('user_id', '=', 3) as never)).toEqual({
      userIds: [3],
      sessionHashes: [],
    });
    expect(changes(db.deleteFrom('users').where('name_lower', '=', 'x') as never)).toEqual({ all: true });
    expect(
      changes(
        db
          .updateTable('users')
          .set({ city: 'x' })
          .where((eb) => eb.or([eb('id', '=', 1), eb('id', '=', 2)])) as never,
      ),
    ).toEqual({ userIds: [1, 2], sessionHashes: [] });
  });

  it('tells writes after they run, and transactions only once they commit', async () => {
    const seen: MemberChange[] = [];
    memberWritesOf(t.deps.db).listen((change) => {
      seen.push(change);
    });
    const m = await member(t.app);
    seen.length = 0;
    await t.deps.db.updateTable('users').set({ city: 'Lima' }).where('id', '=', m.user.uid).execute();
    expect(seen).toEqual([{ userIds: [m.user.uid], sessionHashes: [] }]);
    seen.length = 0;
    await t.deps.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ city: 'Quito' }).where('id', '=', m.user.uid).execute();
      expect(seen).toEqual([]);
    });
    expect(seen).toEqual([{ userIds: [m.user.uid], sessionHashes: [] }]);
    seen.length = 0;
    await expect(
      t.deps.db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ city: 'Cali' }).where('id', '=', m.user.uid).execute();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(seen).toEqual([]);
  });

  it('serves a member edit made by any store at the next request', async () => {
    const m = await member(t.app);
    await m.ok(api.user.getLoggedInUser);
    await t.deps.db.updateTable('users').set({ city: 'Lima' }).where('id', '=', m.user.uid).execute();
    expect(((await m.ok(api.user.getLoggedInUser)) as { city?: string }[])[0].city).toBe('Lima');
    await m.ok(api.people.updateProfile, { city: 'Cusco' });
    expect(((await m.ok(api.user.getLoggedInUser)) as { city?: string }[])[0].city).toBe('Cusco');
  });

  /** A session service on its own clock, its cache dropped by the app's database writes. */
  async function clocked(remember: boolean) {
    let clock = Date.now();
    const cache = new SessionCache();
    memberWritesOf(t.deps.db).listen((change) => cache.drop(change));
    const sessions = sessionService(t.deps.db, t.config, () => clock, cache);
    const m = await member(t.app);
    let token = '';
    // The session cookie as the browser gets it: tertulia_sid=<token>; ...
    const reply = { header: (_name: string, value: string) => (token = value.split(';')[0].split('=')[1]) };
    await sessions.start(reply as never, m.user.uid, remember);
    const resolve = () => sessions.resolve({ cookies: { [SESSION_COOKIE]: token } } as never);
    const writes: MemberChange[] = [];
    memberWritesOf(t.deps.db).listen((change) => {
      writes.push(change);
    });
    return { m, cache, resolve, writes, at: (ms: number) => (clock = ms), start: clock };
  }

  it('ends a session idle for a day; activity keeps it alive, touched at most once a minute', async () => {
    const s = await clocked(false);
    expect((await s.resolve())?.user.id).toBe(s.m.user.uid);
    expect(s.cache.size).toBe(1);
    for (let i = 1; i <= 50; i++) {
      s.at(s.start + i * 1000);
      expect(await s.resolve()).not.toBeNull();
    }
    expect(s.writes).toEqual([]);
    // Past a minute: read again and touched (which drops the entry everywhere).
    s.at(s.start + REVALIDATE_MS + 1);
    expect(await s.resolve()).not.toBeNull();
    expect(s.writes.length).toBeGreaterThan(0);
    const touched = s.start + REVALIDATE_MS + 1;
    s.at(touched + IDLE_MS - 1);
    expect(await s.resolve()).not.toBeNull();
    const last = touched + IDLE_MS - 1;
    s.at(last + IDLE_MS + 1);
    expect(await s.resolve()).toBeNull();
    expect(s.cache.size).toBe(0);
  });

  it('keeps a rememberMe session 30 days idle, not more', async () => {
    const s = await clocked(true);
    expect(await s.resolve()).not.toBeNull();
    s.at(s.start + REMEMBER_MS - 1000);
    expect(await s.resolve()).not.toBeNull();
    s.at(s.start + 2 * REMEMBER_MS);
    expect(await s.resolve()).toBeNull();
  });

  it('refuses a banned member even when the session was cached', async () => {
    const s = await clocked(false);
    expect(await s.resolve()).not.toBeNull();
    await t.deps.db
      .updateTable('users')
      .set({ banned_at: Date.now() })
      .where('id', '=', s.m.user.uid)
      .execute();
    expect(await s.resolve()).toBeNull();
  });

  it('reads a session again after a minute even when no write dropped it', async () => {
    const s = await clocked(true);
    const first = await s.resolve();
    // A change no write notice carried (an operator's SQL, a lost bus message), simulated by
    // planting a stale row: served until the entry is a minute old, then read again.
    s.cache.set({
      ...first!,
      user: { ...first!.user, city: 'Antes' },
      expiresAt: s.start + IDLE_MS,
      readAt: s.start,
    });
    s.at(s.start + REVALIDATE_MS - 1);
    expect((await s.resolve())?.user.city).toBe('Antes');
    s.at(s.start + REVALIDATE_MS + 1);
    expect((await s.resolve())?.user.city).toBeNull();
  });
});
