import { api, type HouseAd } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMember, Client, dialects, member, testApp, uniqueId } from '../../../tests/_util';

describe.each(dialects)('house ads and spotlights on $name', (dialect) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let admin: Awaited<ReturnType<typeof member>>;
  beforeAll(async () => {
    t = await testApp(dialect);
    admin = await adminMember(t);
  });
  afterAll(() => t.close());

  const gold = (uid: number, amount: number) =>
    t.deps.ledger.grant({ uid, amount, reason: 'test', actorId: 0, key: `grant:${uniqueId()}` });
  const sideAds = async (c: Client) =>
    (await c.ok(api.premium.getAds, { placement: 'side' })) as Record<string, unknown>[];

  it('admins manage house ads; members see running ones in their language; NO_ADS and VIP see none', async () => {
    const title = `Ven al chat ${uniqueId()}`;
    const [ad] = (await admin.ok(api.premium.saveHouseAd, {
      title,
      body: 'Salas abiertas',
      link: '/chat/',
      locale: 'es',
    })) as Record<string, unknown>[];
    expect(ad).toMatchObject({ title, link: '/chat/', locale: 'es', active: true });
    await admin.ok(api.premium.saveHouseAd, {
      title: `Future ${uniqueId()}`,
      link: '/chat/',
      startsAt: Date.now() + 3_600_000,
    });
    const english = `English ${uniqueId()}`;
    await admin.ok(api.premium.saveHouseAd, { title: english, link: '/chat/', locale: 'en' });
    const listed = (await admin.ok(api.premium.getHouseAds)) as Record<string, unknown>[];
    expect(listed.some((a) => a.title === title)).toBe(true);

    const m = await member(t.app);
    const shown = await sideAds(m);
    expect(shown.map((a) => a.title)).toContain(title);
    expect(shown.map((a) => a.title)).not.toContain(english);
    expect(shown.every((a) => !String(a.title).startsWith('Future'))).toBe(true);
    // Anonymous visitors see ads too.
    expect((await sideAds(new Client(t.app))).length).toBeGreaterThan(0);

    await gold(m.user.uid, 250);
    await m.ok(api.premium.buyPremiumAccess, { feature: 'NO_ADS', offer: 'no_ads_30' });
    expect(await sideAds(m)).toEqual([]);
    expect(await m.ok(api.premium.getAds, { placement: 'feed' })).toEqual([]);
    const vip = await member(t.app);
    await t.deps.db
      .updateTable('users')
      .set({ vip_until: Date.now() + 60_000 })
      .where('id', '=', vip.user.uid)
      .execute();
    expect(await sideAds(vip)).toEqual([]);

    // Switched off: no longer shown.
    await admin.ok(api.premium.saveHouseAd, {
      id: ad.id as number,
      title,
      link: '/chat/',
      locale: 'es',
      active: false,
    });
    expect((await sideAds(await member(t.app))).map((a) => a.title)).not.toContain(title);
  });

  it('refuses unsafe links, bad dates, members who are not admins', async () => {
    // Protocol-relative and backslash tricks a browser reads as another site, and other schemes.
    const unsafe = [
      'javascript:alert(1)',
      '//evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      ' //evil.example',
      'http://plain.example',
      'https://user:pw@evil.example/',
      'data:text/html,<script>alert(1)</script>',
      'evil.example',
    ];
    for (const link of unsafe) {
      const res = await admin.call(api.premium.saveHouseAd, { title: 'x', link });
      expect(res.status, link).toBe(400);
      expect(res.body.ApiValidationException).toEqual({ field: 'link' });
      const image = await admin.call(api.premium.saveHouseAd, { title: 'x', link: '/', image: link });
      expect(image.status, link).toBe(400);
      expect(image.body.ApiValidationException).toEqual({ field: 'image' });
      expect(image.body.message).toBe(
        'La imagen del anuncio debe ser una dirección https o una imagen de Tertulia (/...).',
      );
    }
    const [safe] = (await admin.ok(api.premium.saveHouseAd, {
      title: 'x',
      link: '/chat/../gold?x=1',
      image: 'https://cdn.example/ad.png',
      active: false,
    })) as HouseAd[];
    expect([safe.link, safe.image]).toEqual(['/gold?x=1', 'https://cdn.example/ad.png']);
    const dates = await admin.call(api.premium.saveHouseAd, {
      title: 'x',
      link: '/',
      startsAt: 10,
      endsAt: 5,
    });
    expect(dates.body.message).toBe('El anuncio debe terminar después de empezar.');
    const m = await member(t.app);
    expect((await m.call(api.premium.saveHouseAd, { title: 'x', link: '/' })).status).toBe(403);
    expect((await m.call(api.premium.getHouseAds)).status).toBe(403);
  });

  it('reportAd goes to the reports queue as kind ad', async () => {
    const m = await member(t.app);
    const comment = `engañoso ${uniqueId()}`;
    expect(
      await m.ok(api.premium.reportAd, {
        url: '/html/index.jsp',
        code: '7',
        position: 'side',
        reason: 'misleading',
        comment,
        source: 'house',
      }),
    ).toEqual([true]);
    const row = await t.deps.db
      .selectFrom('reports')
      .selectAll()
      .where('reporter_id', '=', m.user.uid)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: 'ad', item_id: 7, reported_id: null, url: '/html/index.jsp' });
    expect(row.comment).toContain(comment);
    expect(row.comment).toContain('reason: misleading');
    const bad = await m.call(api.premium.reportAd, { reason: 'because' });
    expect(bad.status).toBe(400);
    expect((await new Client(t.app).call(api.premium.reportAd, { reason: 'other' })).status).toBe(401);
  });

  it('spotlights: paid once per key, one at a time, shown in fair rotation, blocks respected', async () => {
    const a = await member(t.app);
    const b = await member(t.app);
    await gold(a.user.uid, 500);
    await gold(b.user.uid, 500);
    const key = `spot-${uniqueId()}`;
    const [spot] = (await a.ok(api.premium.purchaseUserSpotlight, { idempotencyKey: key })) as Record<
      string,
      unknown
    >[];
    expect(spot).toMatchObject({ user: { uid: a.user.uid } });
    expect(await a.ok(api.premium.purchaseUserSpotlight, { idempotencyKey: key })).toEqual([
      { id: spot.id, startTime: spot.startTime, endTime: spot.endTime, user: spot.user },
    ]);
    expect((await t.deps.ledger.balances(a.user.uid)).gold).toBe(450);
    const twice = await a.call(api.premium.purchaseUserSpotlight, { offer: 'spotlight_24h' });
    expect(twice.status).toBe(403);
    expect((await t.deps.ledger.balances(a.user.uid)).gold).toBe(450);
    await b.ok(api.premium.purchaseUserSpotlight, { offer: 'spotlight_24h' });
    expect((await t.deps.ledger.balances(b.user.uid)).gold).toBe(100);

    const viewer = new Client(t.app);
    const strip = async (c: Client, limit: number) =>
      ((await c.ok(api.premium.getUserSpotlights, { limit })) as { user: { uid: number } }[]).map(
        (s) => s.user.uid,
      );
    // One place, two spotlights: they take turns.
    const ours = [a.user.uid, b.user.uid];
    const seen: number[] = [];
    for (let i = 0; i < 6; i++) seen.push(...(await strip(viewer, 1)).filter((uid) => ours.includes(uid)));
    expect(seen).toContain(a.user.uid);
    expect(seen).toContain(b.user.uid);
    // A member a spotlight blocked does not see them.
    await a.ok(api.people.blockUser, { userId: b.user.uid });
    expect(await strip(b, 50)).not.toContain(a.user.uid);
  });
});
