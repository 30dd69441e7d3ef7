import { api } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, dialects, member, sameDatabaseApp, testApp, uniqueId } from '../../../tests/_util';

describe.each(dialects)('VIP and premium features on $name', (dialect) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp(dialect);
  });
  afterAll(() => t.close());

  const gold = (uid: number, amount: number) =>
    t.deps.ledger.grant({ uid, amount, reason: 'test', actorId: 0, key: `grant:${uniqueId()}` });
  const balance = async (uid: number) => (await t.deps.ledger.balances(uid)).gold;
  const self = async (m: Client) => ((await m.ok(api.user.getLoggedInUser)) as Record<string, unknown>[])[0];
  const config = async (m: Client, premiumFeature: string) =>
    (
      (await m.ok(api.premium.getPremiumFeatureConfiguration, { premiumFeature })) as Record<
        string,
        unknown
      >[]
    )[0];
  const setVipUntil = (uid: number, vip_until: number) =>
    t.deps.db.updateTable('users').set({ vip_until }).where('id', '=', uid).execute();

  it('lists the offers in the member’s language', async () => {
    const m = await member(t.app);
    const es = (await m.ok(api.premium.getPremiumFeatureOfferStrings)) as Record<string, unknown>[];
    const vip30 = es.find((o) => o.offer === 'vip_30');
    expect(vip30).toMatchObject({ feature: 'VIP', title: 'VIP · 30 días', price: 900, days: 30 });
    expect(es.map((o) => o.feature)).toEqual(
      expect.arrayContaining(['VIP', 'NO_ADS', 'WHO_VIEWED_ME', 'IM_STATUS', 'SHARE_LOVE', 'SPOTLIGHT']),
    );
    const en = await new Client(t.app).call(
      api.premium.getPremiumFeatureOfferStrings,
      {},
      { 'accept-language': 'en' },
    );
    expect(en.status).toBe(200);
  });

  it('buys VIP with gold: star 2, perks on, days counted, gold gone', async () => {
    const m = await member(t.app);
    await gold(m.user.uid, 1000);
    expect(await config(m, 'VIP')).toMatchObject({ enabled: false });
    const [bought] = (await m.ok(api.premium.buyPremiumAccess, {
      feature: 'VIP',
      offer: 'vip_30',
    })) as Record<string, unknown>[];
    expect(bought).toMatchObject({ enabled: true, days_remaining: 30, renewal_window: 3 });
    expect(await balance(m.user.uid)).toBe(100);
    const me = await self(m);
    expect(me).toMatchObject({ vip: true, star: 2, hasMocoVIPStar: true });
    expect(me.premiumFeatures).toEqual(['NO_ADS', 'WHO_VIEWED_ME', 'IM_STATUS', 'SHARE_LOVE']);
    expect(await config(m, 'NO_ADS')).toMatchObject({ enabled: true, days_remaining: 30 });
    // Others see the VIP star too.
    const other = await member(t.app);
    const [seen] = (await other.ok(api.people.getUserById, { userId: m.user.uid })) as Record<
      string,
      unknown
    >[];
    expect(seen).toMatchObject({ star: 2, hasMocoVIPStar: true });
    // A second purchase adds to what is left.
    await gold(m.user.uid, 300);
    await m.ok(api.premium.buyPremiumAccess, { feature: 'VIP', offer: 'vip_7' });
    expect(await config(m, 'VIP')).toMatchObject({ days_remaining: 37 });
  });

  it('buying twice with one key pays once', async () => {
    const m = await member(t.app);
    await gold(m.user.uid, 1000);
    const params = { feature: 'WHO_VIEWED_ME', offer: 'visits_7', idempotencyKey: `k-${uniqueId()}` };
    const first = await m.ok(api.premium.buyPremiumAccess, params);
    const again = await Promise.all([
      m.ok(api.premium.buyPremiumAccess, params),
      m.ok(api.premium.buyPremiumAccess, params),
    ]);
    expect(again).toEqual([first, first]);
    expect(await balance(m.user.uid)).toBe(900);
    expect(await config(m, 'WHO_VIEWED_ME')).toMatchObject({ enabled: true, days_remaining: 7 });
    // The key with another purchase is refused, nothing paid.
    const res = await m.call(api.premium.buyPremiumAccess, { ...params, offer: 'visits_30' });
    expect(res.status).toBe(400);
    expect(await balance(m.user.uid)).toBe(900);
  });

  it('refuses without enough gold or with an unknown offer, and changes nothing', async () => {
    const m = await member(t.app);
    await gold(m.user.uid, 100);
    const poor = await m.call(api.premium.buyPremiumAccess, { feature: 'VIP', offer: 'vip_30' });
    expect(poor.status).toBe(402);
    expect(poor.body.InsufficientFundsException).toBeDefined();
    expect(poor.body.message).toContain('oro');
    const unknown = await m.call(api.premium.buyPremiumAccess, { feature: 'NO_ADS', offer: 'vip_30' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Esa oferta no existe.');
    const bad = await m.call(api.premium.buyPremiumAccess, { feature: 'GOLDEN', offer: 'vip_30' });
    expect(bad.status).toBe(400);
    expect(await balance(m.user.uid)).toBe(100);
    expect(await self(m)).toMatchObject({ vip: false });
    const anonymous = await new Client(t.app).call(api.premium.buyPremiumAccess, {
      feature: 'VIP',
      offer: 'vip_7',
    });
    expect(anonymous.status).toBe(401);
  });

  it('gives the trial once, and not to a VIP', async () => {
    const m = await member(t.app);
    expect(await self(m)).toMatchObject({ vipTrialAvailable: true });
    const [trial] = (await m.ok(api.premium.startVipTrial)) as Record<string, unknown>[];
    expect(trial).toMatchObject({ enabled: true, days_remaining: 3 });
    expect(await self(m)).toMatchObject({ vip: true, vipTrialAvailable: false });
    const vip = await m.call(api.premium.startVipTrial);
    expect(vip.status).toBe(403);
    expect(vip.body.message).toBe('Ya eres VIP.');
    await setVipUntil(m.user.uid, Date.now() - 1);
    const again = await m.call(api.premium.startVipTrial);
    expect(again.status).toBe(403);
    expect(again.body.message).toBe('Ya usaste tu prueba VIP gratuita.');
  });

  it('IM_STATUS: invisible and a status message need it; bought apart it is enough', async () => {
    const m = await member(t.app);
    const refused = await m.call(api.premium.setOnlineStatus, { status: 1 });
    expect(refused.status).toBe(403);
    const message = await m.call(api.premium.setOnlineStatus, { status: 0, message: 'De viaje' });
    expect(message.status).toBe(403);
    expect(message.body.message).toContain('mensaje de estado');
    await gold(m.user.uid, 250);
    await m.ok(api.premium.buyPremiumAccess, { feature: 'IM_STATUS', offer: 'status_30' });
    expect(await self(m)).toMatchObject({ vip: false, premiumFeatures: ['IM_STATUS'] });
    await m.ok(api.premium.setOnlineStatus, { status: 1, message: 'De viaje' });
    expect(await config(m, 'IM_STATUS')).toMatchObject({
      enabled: true,
      online_status: 1,
      onlineStatusMessage: 'De viaje',
    });
    // When IM_STATUS ends, the member shows online again and the message goes.
    await t.deps.db
      .updateTable('users')
      .set({ im_status_until: Date.now() - 1 })
      .where('id', '=', m.user.uid)
      .execute();
    expect(await config(m, 'IM_STATUS')).toMatchObject({ enabled: false, online_status: 0 });
    expect((await self(m)).onlineStatus).toBeUndefined();
  });

  it('WHO_VIEWED_ME: visitor names and the push access only with it', async () => {
    const owner = await member(t.app);
    const visitor = await member(t.app);
    await visitor.ok(api.people.updateProfileVisit, { profileOwnerId: owner.user.uid });
    const visits = async () =>
      ((await owner.ok(api.people.getProfileVisitors)) as { searchResults: Record<string, unknown>[] }[])[0]
        .searchResults;
    expect((await visits())[0].user).toBeUndefined();
    await gold(owner.user.uid, 100);
    await owner.ok(api.premium.buyPremiumAccess, { feature: 'WHO_VIEWED_ME', offer: 'visits_7' });
    expect((await visits())[0].user).toMatchObject({ uid: visitor.user.uid });
    await t.deps.db
      .updateTable('users')
      .set({ who_viewed_until: 1 })
      .where('id', '=', owner.user.uid)
      .execute();
    expect((await visits())[0].user).toBeUndefined();
  });

  it('VIP expiry takes the perks away at once on both instances, with no write', async () => {
    const m = await member(t.app);
    const second = await sameDatabaseApp(t.config);
    try {
      const onB = new Client(second.app);
      onB.cookies = new Map(m.cookies);
      await setVipUntil(m.user.uid, Date.now() + 1500);
      // Both instances hold the VIP row in their session caches.
      expect(await self(m)).toMatchObject({ vip: true });
      expect(await self(onB)).toMatchObject({ vip: true });
      await onB.ok(api.premium.setOnlineStatus, { status: 1 });
      expect((await onB.ok(api.premium.getAds, { placement: 'side' })).length).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 1600));
      // The first instance made its self answer while VIP and saw no write since: it must not
      // keep that answer past the expiry either.
      expect(await self(m)).toMatchObject({ vip: false, star: 0, premiumFeatures: [] });
      expect(await self(onB)).toMatchObject({ vip: false, star: 0, premiumFeatures: [] });
      expect((await self(onB)).onlineStatus).toBeUndefined();
      const invisible = await onB.call(api.premium.setOnlineStatus, { status: 1 });
      expect(invisible.status).toBe(403);
    } finally {
      await second.app.close();
    }
  });

  it('a permanent VIP star needs no expiry', async () => {
    const m = await member(t.app);
    await t.deps.db.updateTable('users').set({ star: 3 }).where('id', '=', m.user.uid).execute();
    expect(await self(m)).toMatchObject({ vip: true, star: 3, hasMocoStar: true });
    expect(await config(m, 'VIP')).toMatchObject({ enabled: true });
    expect((await config(m, 'VIP')).days_remaining).toBeUndefined();
  });
});
