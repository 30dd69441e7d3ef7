import { api, type GiftSend, LOVE_PER_GIFT, type User } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, testApp } from '../../packages/server/tests/_util';
import { DEMO_GIFTS, DEMO_GOLD, DEMO_LOVE, seedGiftsDemo } from './gifts';
import { DEMO_PASSWORD, seedDemo } from './seed';

describe('demo gold and gifts', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp({ name: 'sqlite' });
  });
  afterAll(() => t.close());

  it('gives balances and gifts in conversations, a room and profiles, once however often it runs', async () => {
    await seedDemo(t.deps.db);
    await seedGiftsDemo(t.app, t.deps.ledger);
    await seedGiftsDemo(t.app, t.deps.ledger);
    const lucia = new Client(t.app);
    await lucia.ok(api.profile.login, { name: 'lucia', password: DEMO_PASSWORD });
    const received = (await lucia.ok(api.gift.getGiftsReceived)) as GiftSend[];
    expect(received.map((r) => r.gift.name).sort()).toEqual(['Corona VIP', 'Rosa roja']);
    const spent = 10; // lucia's coffee for mateo
    expect(await lucia.ok(api.gift.fetchMocoGoldBalance)).toEqual([DEMO_GOLD.lucia - spent]);
    const sends = await t.deps.db.selectFrom('gift_sends').select('source').execute();
    expect(new Set(sends.map((r) => r.source))).toEqual(new Set(['profile', 'conversation', 'chat', 'feed']));
    expect(sends.length).toBe(DEMO_GIFTS.length);
    // Love: one point per gift received, one of lucia's two shared with mateo (once, despite the rerun).
    expect(await lucia.ok(api.gift.getAccount)).toMatchObject([
      { lovePoints: 2 * LOVE_PER_GIFT - DEMO_LOVE.amount },
    ]);
    const [coffee] = (await lucia.ok(api.gift.getGiftsSent)) as GiftSend[];
    const [mateo] = (await lucia.ok(api.people.getUserById, { userId: coffee.receiver!.uid })) as User[];
    expect(mateo.name).toBe('mateo');
    expect(mateo.lovePoints).toBe(LOVE_PER_GIFT + DEMO_LOVE.amount);
    expect((await t.deps.ledger.checkBooks()).balanced).toBe(true);
  });
});
