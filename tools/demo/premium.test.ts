import { api } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, testApp } from '../../packages/server/tests/_util';
import { DEMO_PASSWORD, seedDemo } from './seed';

describe('demo premium', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp({ name: 'sqlite' });
  });
  afterAll(() => t.close());

  const login = async (name: string) => {
    const c = new Client(t.app);
    await c.ok(api.profile.login, { name, password: DEMO_PASSWORD });
    return c;
  };

  it('seeds VIP and non-VIP members, a VIP subscription, a spotlight and house ads, once', async () => {
    await seedDemo(t.deps.db);
    await seedDemo(t.deps.db);
    const sofia = await login('sofia');
    expect((await sofia.ok(api.user.getLoggedInUser))[0]).toMatchObject({ vip: true, star: 2 });
    expect(await sofia.ok(api.premium.getAds, { placement: 'side' })).toEqual([]);
    const subscriptions = await sofia.ok(api.premium.getVipSubscription);
    expect(subscriptions).toHaveLength(1);
    expect(subscriptions[0]).toMatchObject({ state: 'active', provider: 'test', offer: 'vip_monthly' });
    const mateo = await login('mateo');
    expect((await mateo.ok(api.user.getLoggedInUser))[0]).toMatchObject({ vip: false });
    const ads = (await mateo.ok(api.premium.getAds, { placement: 'side' })) as { title: string }[];
    expect(ads.map((a) => a.title)).toContain('Hazte VIP');
    const strip = (await mateo.ok(api.premium.getUserSpotlights)) as { user: { name: string } }[];
    expect(strip.map((s) => s.user.name)).toEqual(['valentina']);
    expect((await t.deps.ledger.checkBooks()).balanced).toBe(true);
  });
});
