import { api } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, testApp } from '../../packages/server/tests/_util';
import { DEMO_MEMBERS, DEMO_PASSWORD, seedDemo } from './seed';

describe('demo seed', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp({ name: 'sqlite' });
  });
  afterAll(() => t.close());

  it('creates members who can log in, and is idempotent', async () => {
    const first = await seedDemo(t.deps.db);
    const second = await seedDemo(t.deps.db);
    expect([...second]).toEqual([...first]);
    for (const m of DEMO_MEMBERS) {
      const [user] = (await new Client(t.app).ok(api.profile.login, {
        name: m.name,
        password: DEMO_PASSWORD,
      })) as {
        uid: number;
        vip: boolean;
      }[];
      expect(user.uid).toBe(first.get(m.name));
      // VIP: a stored star of 2 or 3, or sofia's month bought with gold (tools/demo/premium.ts).
      expect([m.name, user.vip]).toEqual([m.name, m.star >= 2 || m.name === 'sofia']);
    }
  });

  it('seeds friendships both ways, lucia’s pins and pending requests, once', async () => {
    const ids = await seedDemo(t.deps.db);
    const lucia = new Client(t.app);
    await lucia.ok(api.profile.login, { name: 'lucia', password: DEMO_PASSWORD });
    const friends = (await lucia.ok(api.buddy.getBuddiesSorted, { sort: 'DEFAULT' })) as {
      name: string;
      buddyPosition?: number;
    }[];
    expect(friends.slice(0, 2).map((f) => [f.name, f.buddyPosition])).toEqual([
      ['valentina', 1],
      ['mateo', 2],
    ]);
    expect(friends.map((f) => f.name).sort()).toEqual(['admin', 'carlos', 'mateo', 'valentina']);
    const requests = (await lucia.ok(api.buddy.getFriendshipRequests, {})) as { sender: { name: string } }[];
    expect(requests.map((r) => r.sender.name).sort()).toEqual(['diego', 'sofia']);
    expect(await lucia.ok(api.buddy.getFriendshipRequestCount, {})).toEqual([2]);
    const mateo = new Client(t.app);
    await mateo.ok(api.profile.login, { name: 'mateo', password: DEMO_PASSWORD });
    const theirs = (await mateo.ok(api.buddy.getBuddiesSorted, { sort: 'ALPHABETICAL' })) as {
      name: string;
    }[];
    expect(theirs.map((f) => f.name)).toEqual(['admin', 'diego', 'lucia']);
    // valentina's list is private: a stranger is asked who they are.
    const diego = new Client(t.app);
    await diego.ok(api.profile.login, { name: 'diego', password: DEMO_PASSWORD });
    const ask = await diego.call(api.buddy.canSendUserBuddyRequest, {
      receivingUserId: ids.get('valentina')!,
    });
    expect(ask.body).toHaveProperty('BuddyRequestConfirmationRequiredException');
    const pending = await t.deps.db
      .selectFrom('offline_messages')
      .select('id')
      .where('category', '=', 3)
      .where('status', '=', 'pending')
      .execute();
    expect(pending).toHaveLength(3);
  });
});
