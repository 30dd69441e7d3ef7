import { api, type Gift } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giftSteps } from '../../../tests/_gift-steps';
import { Client, dialects, type TestApp, testApp } from '../../../tests/_util';
import { videoTools } from '../../media/video/tools';

/** The catalogue's admin calls (docs/gifts.md): who may, what is refused, what changes. */
describe.each(dialects)('gift catalogue admin calls on $name', (dialect) => {
  let t: TestApp;
  const s = giftSteps(() => t);
  beforeAll(async () => {
    t = await testApp(dialect);
  });
  afterAll(() => t.close());

  const count = async () => ((await new Client(t.app).ok(api.gift.getAll)) as Gift[]).length;

  it('draws every catalogue gift with open emoji artwork, a rose as a rose', async () => {
    const gifts = (await new Client(t.app).ok(api.gift.getAll)) as Gift[];
    const rose = gifts.find((g) => g.name === 'Rosa roja')!;
    const svg = await t.app.inject({ url: rose.image!.replace(/\.png$/, '.svg') });
    expect(svg.headers['content-type']).toContain('image/svg+xml');
    // Twemoji's rose (1f339): its petals' red and its stem's green, not a generated gradient.
    expect(svg.body).toContain('#BE1931');
    expect(svg.body).not.toContain('linearGradient id="g"');
    const art = await t.app.inject({ url: rose.preview! });
    expect(art.headers['content-type']).toBe('image/png');
    expect(art.rawPayload.length).toBeGreaterThan(1000);
  });

  it('needs an admin: a visitor is asked to log in, a member is refused, nothing is added', async () => {
    const before = await count();
    const fields = { name: 'Farolillo', price: 5, value: 2, tag: 'fiesta' };
    expect((await new Client(t.app).call(api.gift.addGift, fields)).status).toBe(401);
    const someone = await s.member();
    const refused = await someone.call(api.gift.addGift, fields);
    expect(refused.status).toBe(403);
    expect(refused.body.ApiForbiddenException).toBeDefined();
    expect((await someone.call(api.gift.editGift, { giftId: 1, price: 1 })).status).toBe(403);
    expect((await someone.call(api.gift.retireGift, { giftId: 1 })).status).toBe(403);
    const voucher = await someone.call(api.gift.grantVoucher, {
      userId: someone.user.uid,
      giftId: 1,
      count: 5,
    });
    expect(voucher.status).toBe(403);
    expect(await count()).toBe(before);
  });

  it('refuses bad input with a clear error in the member’s language and changes nothing', async () => {
    const admin = await s.admin();
    const before = await count();
    const base = { name: 'Farolillo', price: 5, value: 2, tag: 'fiesta' };
    const badPattern = await admin.call(api.gift.addGift, { ...base, art: 'dibujo' });
    expect(badPattern.status).toBe(400);
    expect(badPattern.body.ApiValidationException).toMatchObject({ field: 'art' });
    const unknown = await admin.call(api.gift.addGift, { ...base, art: 'twemoji:fffff' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(
      'Esa ilustración no existe: usa twemoji:<código> u openmoji:<código> de un emoji.',
    );
    const english = await s.admin();
    english.cookies.set('locale', 'en');
    const en = await english.call(api.gift.addGift, { ...base, art: 'openmoji:FFFFF' });
    expect(en.body.message).toBe('No such artwork: use twemoji:<code> or openmoji:<code> of an emoji.');
    const dates = await admin.call(api.gift.addGift, { ...base, startDate: 2000, endDate: 1000 });
    expect(dates.body).toMatchObject({ message: 'La fecha de fin debe ser posterior a la de inicio.' });
    expect((await admin.call(api.gift.addGift, { ...base, price: 0 })).status).toBe(400);
    expect((await admin.call(api.gift.addGift, { ...base, video: 'javascript:alert(1)' })).status).toBe(400);
    expect(await count()).toBe(before);
    const gift = await s.gift(admin, { art: 'twemoji:1f36d' });
    const edit = await admin.call(api.gift.editGift, { giftId: gift.id, endDate: 5, startDate: 10 });
    expect(edit.status).toBe(400);
    const [unchanged] = (await admin.ok(api.gift.getGift, { giftId: gift.id })) as Gift[];
    expect(unchanged.end_date).toBeUndefined();
  });

  it('adds, edits, retires and grants: members see each change', async () => {
    const admin = await s.admin();
    const ana = await s.member();
    const gift = await s.gift(admin, {
      name: 'Piruleta',
      nameEn: 'Lollipop',
      art: 'twemoji:1f36d',
      entranceAnimation: 'bounce',
      requiresVoucher: true,
    });
    // An entrance brings a video made from the artwork.
    expect(gift).toMatchObject({ name: 'Piruleta', video: `/gifts/video/${gift.id}.webm` });
    const [en] = (await ana.call(api.gift.getGift, { giftId: gift.id }, { cookie: 'locale=en' })).body
      .Gift as Gift[];
    expect(en.name).toBe('Lollipop');
    expect(en.vouchers).toBe(0);
    const [edited] = (await admin.ok(api.gift.editGift, {
      giftId: gift.id,
      art: 'openmoji:1F36D',
      video: '/media/video/piruleta.mp4',
      price: 35,
    })) as Gift[];
    expect(edited).toMatchObject({ price: 35, video: '/media/video/piruleta.mp4' });
    const svg = await t.app.inject({ url: `/gifts/art/${gift.id}.svg` });
    expect(svg.body).toContain('viewBox="0 0 72 72"'); // OpenMoji's box, Twemoji's is 36
    const [vouchers] = (await admin.ok(api.gift.grantVoucher, {
      userId: ana.user.uid,
      giftId: gift.id,
      count: 2,
    })) as number[];
    expect(vouchers).toBe(2);
    expect(((await ana.ok(api.gift.getGift, { giftId: gift.id })) as Gift[])[0].vouchers).toBe(2);
    await admin.ok(api.gift.retireGift, { giftId: gift.id });
    expect(((await ana.ok(api.gift.getAll)) as Gift[]).some((g) => g.id === gift.id)).toBe(false);
    // Retired gifts stay readable: old messages still show them.
    expect(((await ana.ok(api.gift.getGift, { giftId: gift.id })) as Gift[])[0].name).toBe('Piruleta');
  });

  it.runIf(videoTools().available)('serves a gift video made from its artwork', async () => {
    const gifts = (await new Client(t.app).ok(api.gift.getAll)) as Gift[];
    const ring = gifts.find((g) => g.name === 'Anillo')!;
    expect(ring.entrance_animation).toBe('zoom');
    const video = await t.app.inject({ url: ring.video! });
    expect(video.statusCode).toBe(200);
    expect(video.headers['content-type']).toBe('video/webm');
    // WebM's EBML magic.
    expect(video.rawPayload.subarray(0, 4).toString('hex')).toBe('1a45dfa3');
    expect((await t.app.inject({ url: '/gifts/video/999999.webm' })).statusCode).toBe(404);
    const plain = gifts.find((g) => g.name === 'Corazón')!;
    expect(plain.video).toBeUndefined();
  });
});
