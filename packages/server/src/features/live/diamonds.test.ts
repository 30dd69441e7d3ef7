import { api, type FeedEvent, type LiveStreamer } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giftSteps } from '../../../tests/_gift-steps';
import { befriend, feed } from '../../../tests/_social';
import { dialects, type TestApp, testApp } from '../../../tests/_util';

describe.each(dialects)('gifts in a broadcast become diamonds on $name', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(dialect);
  });
  afterAll(() => t.close());
  const s = giftSteps(() => t);
  const start = async (who: Awaited<ReturnType<typeof s.member>>) =>
    ((await who.ok(api.live.startBroadcast, { title: 'Directo' })) as LiveStreamer[])[0];

  it('credits the streamer diamonds through the ledger; parallel gifts never overdraw and the books balance', async () => {
    const gift = await s.gift(await s.admin(), { price: 30, value: 12 });
    const streamer = await s.member();
    const live = await start(streamer);
    const senders = await Promise.all([1, 2, 3, 4].map(() => s.withGold(100)));
    // Each sender can pay 3 gifts of 30 out of 100: 5 tries each, 3 pass.
    const results = await Promise.all(
      senders.flatMap((from) =>
        Array.from({ length: 5 }, () =>
          from.call(api.gift.purchase, {
            giftId: gift.id,
            receiverId: streamer.user.uid,
            source: 'live',
            broadcastId: live.broadcast_id,
          }),
        ),
      ),
    );
    const passed = results.filter((r) => r.status === 200).length;
    expect(passed).toBe(12);
    expect(results.filter((r) => r.status !== 200).every((r) => r.body.InsufficientFundsException)).toBe(
      true,
    );
    for (const from of senders) expect((await t.deps.ledger.balances(from.user.uid)).gold).toBe(10);
    const balances = await t.deps.ledger.balances(streamer.user.uid);
    expect(balances.diamonds).toBe(12 * 12);
    expect(balances.gems).toBe(0);
    expect((await t.deps.ledger.checkBooks()).balanced).toBe(true);
    const [active] = (await streamer.ok(api.live.getActiveStreamers)) as LiveStreamer[];
    expect(active).toMatchObject({ broadcast_id: live.broadcast_id, diamonds: 144 });

    // Top streamers: today, this week and all time count these diamonds.
    for (const period of ['day', 'week', 'all']) {
      const top = (await streamer.ok(api.live.getTopStreamers, {
        diamonds: period,
        limit: 100,
      })) as LiveStreamer[];
      expect(top.find((r) => r.user?.uid === streamer.user.uid)).toMatchObject({
        diamonds: 144,
        broadcast_id: live.broadcast_id,
      });
    }
  });

  it('older diamonds leave the day and the week, not all time', async () => {
    const gift = await s.gift(await s.admin(), { price: 10, value: 5 });
    const streamer = await s.member();
    const from = await s.withGold(50);
    const live = await start(streamer);
    await from.ok(api.gift.purchase, {
      giftId: gift.id,
      receiverId: streamer.user.uid,
      source: 'live',
      broadcastId: live.broadcast_id,
    });
    await t.deps.db
      .updateTable('live_diamonds')
      .set({ created_at: Date.now() - 3 * 86_400_000 })
      .where('streamer_id', '=', streamer.user.uid)
      .execute();
    const rank = async (diamonds: string) =>
      ((await from.ok(api.live.getTopStreamers, { diamonds, limit: 100 })) as LiveStreamer[]).find(
        (r) => r.user?.uid === streamer.user.uid,
      )?.diamonds;
    expect(await rank('day')).toBeUndefined();
    expect(await rank('week')).toBe(5);
    expect(await rank('all')).toBe(5);
    expect((await from.call(api.live.getTopStreamers, { diamonds: 'month' })).status).toBe(400);
  });

  it('refuses a live gift to someone else than the streamer, to an ended broadcast, or across a block', async () => {
    const gift = await s.gift(await s.admin(), { price: 10, value: 5 });
    const [streamer, other, from] = [await s.member(), await s.member(), await s.withGold(100)];
    const live = await start(streamer);
    const send = (receiverId: number, broadcastId = live.broadcast_id) =>
      from.call(api.gift.purchase, { giftId: gift.id, receiverId, source: 'live', broadcastId });
    const wrong = await send(other.user.uid);
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('El regalo de una transmisión es para quien transmite.');
    expect(
      (await from.call(api.gift.purchase, { giftId: gift.id, receiverId: streamer.user.uid, source: 'live' }))
        .status,
    ).toBe(400);
    await streamer.ok(api.people.blockUser, { userId: from.user.uid });
    expect((await send(streamer.user.uid)).status).toBe(404);
    await streamer.ok(api.live.endBroadcast);
    expect((await send(streamer.user.uid)).status).toBe(404);
    expect((await t.deps.ledger.balances(from.user.uid)).gold).toBe(100);
  });

  it('friends see feed events 301 (live), 303 (gifts live, once per broadcast) and 302 (ended)', async () => {
    const gift = await s.gift(await s.admin(), { price: 10, value: 5 });
    const [streamer, friend, from] = [await s.member(), await s.member(), await s.withGold(100)];
    await befriend(streamer, friend);
    const live = await start(streamer);
    for (let i = 0; i < 2; i++)
      await from.ok(api.gift.purchase, {
        giftId: gift.id,
        receiverId: streamer.user.uid,
        source: 'live',
        broadcastId: live.broadcast_id,
      });
    await streamer.ok(api.live.endBroadcast);
    const events = ((await feed(friend, { filter: 3 })) as FeedEvent[]).filter(
      (e) => e.userId === streamer.user.uid,
    );
    const types = events.map((e) => e.type).sort();
    expect(types).toEqual([301, 302, 303]);
    // The card links to the broadcast and shows its title.
    expect(events.find((e) => e.type === 301)?.properties?.live).toEqual({
      broadcastId: live.broadcast_id,
      title: 'Directo',
    });
  });
});
