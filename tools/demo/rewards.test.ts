import {
  api,
  type Contest,
  type Leaderboard,
  type LeaderboardEntry,
  type SpinStatus,
} from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, testApp } from '../../packages/server/tests/_util';
import { seedGiftsDemo } from './gifts';
import { DEMO_CONTESTS, DEMO_EVENT, DEMO_SPINNERS, seedRewardsDemo } from './rewards';
import { DEMO_PASSWORD, seedDemo } from './seed';

describe('demo leaderboards and spins', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp({ name: 'sqlite' });
  });
  afterAll(() => t.close());

  const login = async (name: string) => {
    const client = new Client(t.app);
    await client.ok(api.profile.login, { name, password: DEMO_PASSWORD });
    return client;
  };

  it('runs a limited-time board the gifts count on, fills the boards and takes some spins, once', async () => {
    await seedDemo(t.deps.db);
    for (let run = 0; run < 2; run++) {
      await seedRewardsDemo(t.app, 'before-gifts');
      await seedGiftsDemo(t.app, t.deps.ledger);
      await seedRewardsDemo(t.app, 'after-gifts');
    }
    const lucia = await login('lucia');
    const events = (await lucia.ok(api.rewards.getLimitedTimeLeaderboards)) as Leaderboard[];
    // The demo's board, and the top contest's own board.
    expect(events.map((e) => e.key)).toContain(DEMO_EVENT.key);
    const week = (await lucia.ok(api.rewards.getLeaderboard, { days: 7 })) as LeaderboardEntry[];
    const event = (await lucia.ok(api.rewards.getLeaderboard, {
      event: DEMO_EVENT.key,
    })) as LeaderboardEntry[];
    expect(week.length).toBeGreaterThanOrEqual(6);
    // Every demo gift was sent while the board ran: the same ranking.
    expect(event).toEqual(week);
    const scores = week.map((r) => r.score ?? 0);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(((await lucia.ok(api.rewards.getSpin)) as SpinStatus[])[0].available).toBe(true);
    for (const name of DEMO_SPINNERS) {
      const status = ((await (await login(name)).ok(api.rewards.getSpin)) as SpinStatus[])[0];
      expect(status.available).toBe(false);
    }
    expect((await t.deps.db.selectFrom('spins').select('id').execute()).length).toBe(DEMO_SPINNERS.length);
    const contests = (await lucia.ok(api.rewards.getContests, { limit: 100 })) as Contest[];
    expect(contests.map((c) => c.name).sort()).toEqual(
      Object.values(DEMO_CONTESTS)
        .map((c) => c.name)
        .sort(),
    );
    const draw = contests.find((c) => c.name === DEMO_CONTESTS.draw.name)!;
    expect(draw).toMatchObject({ type: 'random', entrants: 3, settled: false });
    expect(contests.find((c) => c.name === DEMO_CONTESTS.top.name)).toMatchObject({
      type: 'top',
      settled: false,
    });
    // lucia's quick draw ended with her the winner, her prize still to collect.
    expect(contests.find((c) => c.name === DEMO_CONTESTS.won.name)).toMatchObject({
      settled: true,
      place: 1,
      redeemed: false,
    });
    // The admin's cancelled draw: no winners, and diego, who had entered, was told.
    expect(contests.find((c) => c.name === DEMO_CONTESTS.cancelled.name)).toMatchObject({
      cancelled: true,
      winners: [],
    });
    const diegoNotices = await t.deps.db
      .selectFrom('notifications')
      .innerJoin('users', 'users.id', 'notifications.user_id')
      .select('notifications.kind')
      .where('users.name', '=', 'diego')
      .where('notifications.kind', '=', 'contestCancelled')
      .execute();
    expect(diegoNotices).toHaveLength(1);
    expect((await t.deps.ledger.checkBooks()).balanced).toBe(true);
  });
});
