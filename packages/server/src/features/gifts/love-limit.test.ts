import { api, LOVE_SHARES_PER_DAY } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giftSteps, type Member } from '../../../tests/_gift-steps';
import { befriend } from '../../../tests/_social';
import { dialects, type TestApp, testApp, uniqueId } from '../../../tests/_util';
import { LOVE_SHARE_WINDOW_MS, loveAllowance } from '../../policy/premium';

const HOUR = 3_600_000;

describe('loveAllowance (SHARE_LOVE counters)', () => {
  const now = 10 * LOVE_SHARE_WINDOW_MS;
  it('counts the shares of the last 24 hours and the hours until a place frees', () => {
    expect(loveAllowance([], now)).toMatchObject({ usagesRemaining: LOVE_SHARES_PER_DAY, hoursToSend: 0 });
    const five = [23, 10, 5, 2, 1].map((h) => now - h * HOUR);
    // The oldest, 23 h ago, frees its place in 1 h.
    expect(loveAllowance(five, now)).toMatchObject({ usagesRemaining: 0, hoursToSend: 1 });
    // 30 minutes left count as a whole hour; a share older than the window counts for nothing.
    const older = [LOVE_SHARE_WINDOW_MS / HOUR + 1, 23.5, 10, 5, 2, 1].map((h) => now - h * HOUR);
    expect(loveAllowance(older, now)).toMatchObject({ usagesRemaining: 0, hoursToSend: 1 });
    expect(loveAllowance(older.slice(0, 5), now)).toMatchObject({ usagesRemaining: 1, hoursToSend: 0 });
  });
});

describe.each(dialects)('SHARE_LOVE counters and limit on $name', (dialect) => {
  let t: TestApp;
  const s = giftSteps(() => t);
  beforeAll(async () => {
    t = await testApp(dialect);
  });
  afterAll(() => t.close());

  const loveConfig = async (m: Member) =>
    (
      (await m.ok(api.premium.getPremiumFeatureConfiguration, { premiumFeature: 'SHARE_LOVE' })) as Record<
        string,
        unknown
      >[]
    )[0];
  const share = (from: Member, to: Member, idempotencyKey = `k-${uniqueId()}`) =>
    from.call(api.gift.sendLove, { receiverId: to.user.uid, amount: 1, idempotencyKey });
  /** Moves the member's love shares back in time, as if made `hours` earlier. */
  const ageShares = (m: Member, hours: number) =>
    t.deps.db
      .updateTable('ledger_transfers')
      .set((eb) => ({ created_at: eb('created_at', '-', hours * HOUR) }))
      .where('actor_id', '=', m.user.uid)
      .where('kind', '=', 'love')
      .execute();

  it('without the feature nothing can be sent: usages_remaining 0, no hours_to_send', async () => {
    const m = await s.member();
    const config = await loveConfig(m);
    expect(config).toMatchObject({ enabled: false, usages_remaining: 0 });
    expect(config.hours_to_send).toBeUndefined();
  });

  it('bought SHARE_LOVE answers the full allowance', async () => {
    const m = await s.withGold(500);
    const [bought] = (await m.ok(api.premium.buyPremiumAccess, {
      feature: 'SHARE_LOVE',
      offer: 'love_30',
    })) as Record<string, unknown>[];
    expect(bought).toMatchObject({ enabled: true, usages_remaining: LOVE_SHARES_PER_DAY, hours_to_send: 0 });
  });

  it('each share takes a place; the sixth in 24 hours is refused, moves nothing, and says when', async () => {
    const [vip, friend] = [await s.withGold(0, { star: 2 }), await s.member()];
    await befriend(vip, friend);
    await s.grantLove(vip, 20);
    const firstKey = `first-${uniqueId()}`;
    for (let i = 0; i < LOVE_SHARES_PER_DAY; i++) {
      expect((await share(vip, friend, i === 0 ? firstKey : undefined)).status).toBe(200);
      expect(await loveConfig(vip)).toMatchObject({
        usages_remaining: LOVE_SHARES_PER_DAY - i - 1,
        hours_to_send: i === LOVE_SHARES_PER_DAY - 1 ? 24 : 0,
      });
    }
    const refused = await share(vip, friend);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(
      `Ya compartiste amor ${LOVE_SHARES_PER_DAY} veces en 24 horas. Podrás volver a hacerlo en 24 h.`,
    );
    expect((await t.deps.ledger.balances(vip.user.uid)).love).toBe(20 - LOVE_SHARES_PER_DAY);
    // A retry of a share already made still answers it, and takes no place.
    expect((await share(vip, friend, firstKey)).status).toBe(200);
    vip.cookies.set('locale', 'en');
    const en = await share(vip, friend);
    vip.cookies.set('locale', 'es');
    expect(en.body.message).toBe(
      `You have shared love ${LOVE_SHARES_PER_DAY} times in 24 hours. You can share again in 24 h.`,
    );
    // 23 hours later the oldest share frees its place in one hour; 24 hours later all are free.
    await ageShares(vip, 23);
    expect(await loveConfig(vip)).toMatchObject({ usages_remaining: 0, hours_to_send: 1 });
    await ageShares(vip, 1.01);
    expect(await loveConfig(vip)).toMatchObject({ usages_remaining: LOVE_SHARES_PER_DAY, hours_to_send: 0 });
    expect((await share(vip, friend)).status).toBe(200);
    expect((await t.deps.ledger.checkBooks()).balanced).toBe(true);
  });

  it('shares at once cannot take more places than there are', async () => {
    const [vip, friend] = [await s.withGold(0, { star: 2 }), await s.member()];
    await befriend(vip, friend);
    await s.grantLove(vip, 50);
    const answers = await Promise.all(Array.from({ length: 12 }, () => share(vip, friend)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(LOVE_SHARES_PER_DAY);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(12 - LOVE_SHARES_PER_DAY);
    expect((await t.deps.ledger.balances(vip.user.uid)).love).toBe(50 - LOVE_SHARES_PER_DAY);
    expect((await t.deps.ledger.balances(friend.user.uid)).love).toBe(LOVE_SHARES_PER_DAY);
    expect(await loveConfig(vip)).toMatchObject({ usages_remaining: 0 });
  });
});
