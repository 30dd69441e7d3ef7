import { api, type LeaderboardEntry } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giftSteps } from '../../../tests/_gift-steps';
import { dialects, type TestApp, testApp, uniqueId } from '../../../tests/_util';

/** gift/purchase.do counts on the leaderboards in its own transaction (features/rewards/record.ts). */
describe.each(dialects)('a gift bought reaches the leaderboards on $name', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(dialect);
  });
  afterAll(() => t.close());
  const s = giftSteps(() => t);

  it('the price paid raises the sender on the gifters board and the receiver on the receivers board, once per key', async () => {
    const admin = await s.admin();
    const key = `t-${uniqueId()}`;
    await admin.ok(api.rewards.createLimitedTimeLeaderboard, {
      key,
      name: 'Prueba',
      startTime: Date.now() - 1000,
      endTime: Date.now() + 86_400_000,
    });
    const gift = await s.gift(admin, { price: 35, value: 10 });
    const [ana, luis] = [await s.withGold(200), await s.member()];
    const purchase = {
      giftId: gift.id,
      receiverId: luis.user.uid,
      source: 'profile',
      idempotencyKey: `p-${uniqueId()}`,
    };
    await ana.ok(api.gift.purchase, purchase);
    await ana.ok(api.gift.purchase, purchase);
    await ana.ok(api.gift.purchase, { ...purchase, idempotencyKey: `p-${uniqueId()}` });
    const gifters = (await ana.ok(api.rewards.getLeaderboard, { event: key })) as LeaderboardEntry[];
    expect(gifters.map((r) => [r.user?.uid, r.score])).toEqual([[ana.user.uid, 70]]);
    const today = (await ana.ok(api.rewards.getLeaderboard, {
      type: 'receivers',
      days: 1,
      nearMe: true,
      resultsPerPage: 1,
    })) as LeaderboardEntry[];
    expect(today).toEqual([]);
    const [score] = (await ana.ok(api.rewards.getLeaderboardScore, {
      userId: luis.user.uid,
      type: 'receivers',
    })) as LeaderboardEntry[];
    expect(score.score).toBe(70);
  });

  it('a refused purchase (not enough gold) counts nothing', async () => {
    const admin = await s.admin();
    const gift = await s.gift(admin, { price: 500 });
    const [poor, luis] = [await s.withGold(10), await s.member()];
    const res = await poor.call(api.gift.purchase, {
      giftId: gift.id,
      receiverId: luis.user.uid,
      source: 'profile',
    });
    expect(res.status).toBe(402);
    const [score] = (await poor.ok(api.rewards.getLeaderboardScore, {
      userId: poor.user.uid,
    })) as LeaderboardEntry[];
    expect(score.score).toBe(0);
  });
});
