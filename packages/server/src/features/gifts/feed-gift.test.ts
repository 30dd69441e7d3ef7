import { api, FeedEventType, type GiftSend } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giftSteps } from '../../../tests/_gift-steps';
import { befriend, feed } from '../../../tests/_social';
import { dialects, type TestApp, testApp } from '../../../tests/_util';

/** The feed's gift card: event 27 names its gift, and a gift sent from it lands on the profile. */
describe.each(dialects)('gifts in the feed on $name', (dialect) => {
  let t: TestApp;
  const s = giftSteps(() => t);
  beforeAll(async () => {
    t = await testApp(dialect);
  });
  afterAll(() => t.close());

  it("a friend's gift event shows the gift; a gift sent from it is given on the profile", async () => {
    const admin = await s.admin();
    const gift = await s.gift(admin, { price: 10, value: 4 });
    const [ana, luis, eva] = [await s.withGold(50), await s.member(), await s.withGold(50)];
    await befriend(eva, luis);
    await ana.ok(api.gift.purchase, { giftId: gift.id, receiverId: luis.user.uid });
    // Eva, luis's friend, sees the event with the gift it was.
    const events = await feed(eva);
    const event = events.find((e) => e.type === FeedEventType.GIFT_RECEIVED && e.userId === luis.user.uid);
    expect(event?.properties?.gift).toEqual({ id: gift.id });
    expect(event?.properties?.source?.user?.uid).toBe(ana.user.uid);
    // She sends one too from the card: a profile gift, recorded as sent from the feed.
    const [gold] = (await eva.ok(api.gift.purchase, {
      giftId: gift.id,
      receiverId: luis.user.uid,
      source: 'feed',
    })) as number[];
    expect(gold).toBe(40);
    const [sent] = (await eva.ok(api.gift.getGiftsSent)) as GiftSend[];
    expect(sent).toMatchObject({ source: 'feed', receiver: { uid: luis.user.uid }, price: 10, value: 4 });
    expect(await s.gems(luis)).toBe(8);
    // A source the contract does not know is refused before any gold moves.
    const bad = await eva.call(api.gift.purchase, {
      giftId: gift.id,
      receiverId: luis.user.uid,
      source: 'wall',
    });
    expect(bad.status).toBe(400);
    expect(await s.gold(eva)).toBe(40);
  });
});
