import { api, OnlineStatusCode, type User } from '@tertulia/contract';
import { describe, expect, it, vi } from 'vitest';
import { dialects, listeningApp, member } from '../../../tests/_util';
import { OnlineVisibility } from '../../policy/preferences';

type Member = Awaited<ReturnType<typeof member>>;

describe.each(dialects)('profile visit notices on $name', (dialect) => {
  const app = listeningApp(dialect);
  const viewCount = async (viewer: Member, userId: number) =>
    ((await viewer.ok(api.people.getUserById, { userId })) as User[])[0].viewCount;

  /** The pushes published to `owner` while `fn` runs, once every first attempt has finished. */
  const visitPushesTo = async (owner: Member, fn: () => Promise<unknown>) => {
    const spy = vi.spyOn(app.t.deps.hub, 'publish');
    try {
      await fn();
      await app.t.deps.effects.settled();
      return spy.mock.calls.filter(([ids, e]) => ids.includes(owner.user.uid) && e.type === 'profileVisit');
    } finally {
      spy.mockRestore();
    }
  };

  it('an invisible visitor, or one online to nobody, is counted but not announced', async () => {
    const owner = await member(app.t.app);
    const invisible = await member(app.t.app);
    const hidden = await member(app.t.app);
    // Invisible while entitled to it (a VIP star: policy/premium.ts).
    await app.setUser(invisible.user.uid, { online_status: OnlineStatusCode.INVISIBLE, star: 2 });
    await app.setUser(hidden.user.uid, { online_visibility: OnlineVisibility.NOBODY });
    const pushes = await visitPushesTo(owner, async () => {
      for (const visitor of [invisible, hidden]) {
        expect(await visitor.ok(api.people.updateProfileVisit, { profileOwnerId: owner.user.uid })).toEqual([
          true,
        ]);
      }
    });
    expect(pushes).toEqual([]);
    expect(await viewCount(owner, owner.user.uid)).toBe(2);
  });

  it('a visit made while the bus is down is recorded, answered, and announced once it is back', async () => {
    const owner = await member(app.t.app);
    const visitor = await member(app.t.app);
    const spy = vi.spyOn(app.t.deps.hub, 'publish').mockRejectedValueOnce(new Error('bus down'));
    try {
      expect(await visitor.ok(api.people.updateProfileVisit, { profileOwnerId: owner.user.uid })).toEqual([
        true,
      ]);
      expect(await viewCount(owner, owner.user.uid)).toBe(1);
      // The dispatcher retries (push/effects.ts): the notice goes out a second time, and succeeds.
      await vi.waitFor(() => {
        const tries = spy.mock.calls.filter(
          ([ids, e]) => ids.includes(owner.user.uid) && e.type === 'profileVisit',
        );
        expect(tries).toHaveLength(2);
      });
    } finally {
      spy.mockRestore();
    }
  });

  it('a ban while the bus is down still bans, and answers true', async () => {
    const admin = await member(app.t.app);
    const target = await member(app.t.app);
    await app.setUser(admin.user.uid, { is_admin: 1 });
    const spy = vi.spyOn(app.t.deps.hub, 'disconnect').mockRejectedValueOnce(new Error('bus down'));
    try {
      expect(await admin.ok(api.people.banUser, { userId: target.user.uid })).toEqual([true]);
    } finally {
      spy.mockRestore();
    }
    const row = await app.t.deps.db
      .selectFrom('users')
      .select('banned_at')
      .where('id', '=', target.user.uid)
      .executeTakeFirstOrThrow();
    expect(row.banned_at).toBeGreaterThan(0);
    expect((await target.call(api.people.getUserById, { userId: admin.user.uid })).status).toBe(401);
  });
});
