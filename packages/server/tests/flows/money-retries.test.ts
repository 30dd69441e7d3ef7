import { api, type Contest, type Endpoint, type GoldCheckout, type LiveStreamer } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openGame, registerGame } from '../../src/features/games/_games-test';
import { member as account, system } from '../../src/ledger/ledger';
import { giftSteps } from '../_gift-steps';
import { befriend } from '../_social';
import { adminMember, dialects, member, type TestApp, testApp, uniqueId } from '../_util';

/**
 * Every call the contract marks `movesMoney` (docs/ledger.md): a request without a key is refused
 * and moves nothing; the same request twice with one key moves once. The list of calls comes from
 * the contract, so a new money call fails here until it has a scenario below.
 */
const moneyCalls = Object.values(api)
  .flatMap((area) => Object.values(area) as Endpoint[])
  .filter((e) => e.movesMoney);
const nameOf = (e: Endpoint) => `${e.area}/${e.call}`;

type Member = Awaited<ReturnType<typeof member>>;
/** Who calls, with what (the key apart), and whose balances the call moves. */
interface Scenario {
  caller: Member;
  params: Record<string, unknown>;
  watch: Member[];
}

const HOUR = 3_600_000;
const KEY_REQUIRED =
  'Falta la clave de operación: sin ella no movemos oro, gemas ni puntos, para no cobrar dos veces. Vuelve a intentarlo desde la página.';

describe.each(dialects)(
  'money calls on $name: a key is required, and one key moves money once',
  (dialect) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await testApp(dialect);
    });
    afterAll(() => t.close());

    const steps = giftSteps(() => t);
    const rich = () => steps.withGold(5000);
    const contest = async (boss: Member, prizes = '50') =>
      (
        (await boss.ok(api.rewards.createContest, {
          name: `Sorteo ${uniqueId()}`,
          type: 'random',
          prizes,
          expiration: Date.now() + HOUR,
        })) as Contest[]
      )[0];

    const scenarios: Record<string, () => Promise<Scenario>> = {
      'game/grantGameReward': async () => {
        const game = await registerGame(await steps.admin(), {
          credsIntegrated: true,
          dailyRewardCap: 100,
          rewardCurrency: 'gold',
        });
        const player = await member(t.app);
        const { token } = await openGame(player, game.id);
        return {
          caller: player,
          params: { gameId: game.id, amount: 30, reason: 'Nivel 3', token },
          watch: [player],
        };
      },
      'gift/purchase': async () => {
        const [from, to] = [await rich(), await member(t.app)];
        const gift = await steps.gift(await steps.admin());
        return { caller: from, params: { giftId: gift.id, receiverId: to.user.uid }, watch: [from, to] };
      },
      'gift/sendLove': async () => {
        const [from, to] = [await rich(), await member(t.app)];
        await befriend(from, to);
        await steps.grantLove(from, 50);
        await from.ok(api.premium.buyPremiumAccess, { feature: 'SHARE_LOVE', offer: 'love_30' });
        return { caller: from, params: { receiverId: to.user.uid, amount: 5 }, watch: [from, to] };
      },
      'gift/confirmTestPayment': async () => {
        const buyer = await member(t.app);
        const [checkout] = (await buyer.ok(api.gift.purchaseGold, { gold: 100 })) as GoldCheckout[];
        return { caller: buyer, params: { paymentId: checkout.paymentId }, watch: [buyer] };
      },
      'gift/grantVoucher': async () => {
        const boss = await steps.admin();
        const gift = await steps.gift(boss, { requiresVoucher: true });
        const to = await member(t.app);
        return { caller: boss, params: { userId: to.user.uid, giftId: gift.id, count: 2 }, watch: [to] };
      },
      'gift/spin': async () => {
        const m = await member(t.app);
        return { caller: m, params: {}, watch: [m] };
      },
      'gift/sendSpin': async () => {
        const [from, to] = [await rich(), await member(t.app)];
        return { caller: from, params: { receiverId: to.user.uid }, watch: [from, to] };
      },
      'gift/exchangeGems': async () => {
        const m = await member(t.app);
        const key = `test-gems:${uniqueId()}`;
        await t.deps.ledger.run({ key, fingerprint: key, kind: 'grant' }, (_trx, move) =>
          move([{ from: system('grants', 'gems'), to: account(m.user.uid, 'gems'), amount: 500 }]),
        );
        return { caller: m, params: { offer: 'gold50' }, watch: [m] };
      },
      'gift/redeemReward': async () => {
        const [boss, winner] = [await adminMember(t), await member(t.app)];
        const c = await contest(boss);
        await winner.ok(api.rewards.enterContest, { contestId: c.id });
        await t.deps.db
          .updateTable('contests')
          .set({ expires_at: Date.now() - 1 })
          .where('id', '=', c.id)
          .execute();
        await winner.ok(api.rewards.getContest, { contestId: c.id }); // settles it: the one entrant wins
        return { caller: winner, params: { contestId: c.id }, watch: [winner] };
      },
      'gift/createContest': async () => {
        const boss = await adminMember(t);
        const params = {
          name: `Sorteo ${uniqueId()}`,
          type: 'random',
          prizes: '30',
          expiration: Date.now() + HOUR,
        };
        return { caller: boss, params, watch: [] };
      },
      'gift/editContest': async () => {
        const boss = await adminMember(t);
        const c = await contest(boss);
        return { caller: boss, params: { contestId: c.id, prizes: '80,20' }, watch: [] };
      },
      'gift/cancelContest': async () => {
        const boss = await adminMember(t);
        const c = await contest(boss);
        return { caller: boss, params: { contestId: c.id }, watch: [] };
      },
      'premiumfeature/buyPremiumAccess': async () => {
        const m = await rich();
        return { caller: m, params: { feature: 'VIP', offer: 'vip_7' }, watch: [m] };
      },
      'premiumfeature/purchaseUserSpotlight': async () => {
        const m = await rich();
        return { caller: m, params: {}, watch: [m] };
      },
    };

    /** What money there is: the watched members' balances and every entry the ledger holds. */
    const snapshot = async (watch: Member[]) => {
      const books = await t.deps.ledger.checkBooks();
      const balances = await Promise.all(watch.map((m) => t.deps.ledger.balances(m.user.uid)));
      return { transfers: books.transfers, entries: books.entries, balances, balanced: books.balanced };
    };

    it('knows a scenario for every money call of the contract', () => {
      expect(moneyCalls.length).toBeGreaterThanOrEqual(13);
      expect(moneyCalls.map(nameOf).sort()).toEqual(Object.keys(scenarios).sort());
    });

    it('gift/purchaseGold opens one checkout per key: a keyless retry is refused, a keyed one answers the same', async () => {
      const buyer = await member(t.app);
      const payments = () =>
        t.deps.db.selectFrom('gold_payments').select('id').where('user_id', '=', buyer.user.uid).execute();
      const keyless = await t.app.inject({
        method: 'POST',
        url: api.gift.purchaseGold.path,
        payload: { gold: 100 },
        headers: { cookie: buyer.cookieHeader },
      });
      expect(keyless.statusCode).toBe(400);
      expect(keyless.json().message).toBe(KEY_REQUIRED);
      expect(await payments()).toEqual([]);
      const idempotencyKey = `retry-${uniqueId()}`;
      const [first] = (await buyer.ok(api.gift.purchaseGold, {
        gold: 100,
        idempotencyKey,
      })) as GoldCheckout[];
      const [again] = (await buyer.ok(api.gift.purchaseGold, {
        gold: 100,
        idempotencyKey,
      })) as GoldCheckout[];
      expect(again).toEqual(first);
      expect(first.url).toContain(`payment=${first.paymentId}`);
      expect(await payments()).toHaveLength(1);
      // The same key for another package is another request: refused, nothing opened.
      const other = await buyer.call(api.gift.purchaseGold, { gold: 550, idempotencyKey });
      expect(other.status).toBe(400);
      expect(other.body.message).toBe('Esa clave de operación ya se usó para otra operación distinta.');
      expect(await payments()).toHaveLength(1);
    });

    /** Money calls made another way: a gift sent in a live broadcast (docs/live.md) credits diamonds. */
    const variants: Record<string, () => Promise<Scenario>> = {
      'gift/purchase in a live broadcast': async () => {
        const [from, streamer] = [await rich(), await member(t.app)];
        const gift = await steps.gift(await steps.admin());
        const [live] = (await streamer.ok(api.live.startBroadcast, {
          title: 'En directo',
        })) as LiveStreamer[];
        return {
          caller: from,
          params: {
            giftId: gift.id,
            receiverId: streamer.user.uid,
            source: 'live',
            broadcastId: live.broadcast_id,
          },
          watch: [from, streamer],
        };
      },
    };
    const cases = [
      ...moneyCalls.map((e) => [nameOf(e), e] as const),
      ['gift/purchase in a live broadcast', api.gift.purchase] as const,
    ];

    it.each(cases)('%s', async (name, endpoint) => {
      const { caller, params, watch } = await (scenarios[name] ?? variants[name])();
      const before = await snapshot(watch);

      // A retried request that lost its key: refused in the member's language, nothing moves.
      const keyless = await t.app.inject({
        method: 'POST',
        url: endpoint.path,
        payload: params,
        headers: { cookie: caller.cookieHeader },
      });
      expect(keyless.statusCode).toBe(400);
      expect(keyless.json()).toMatchObject({
        message: KEY_REQUIRED,
        ApiValidationException: { field: 'idempotencyKey' },
      });
      expect(await snapshot(watch)).toEqual(before);

      // The same request twice with one key: it moves once.
      const idempotencyKey = `retry-${uniqueId()}`;
      const first = await caller.call(endpoint, { ...params, idempotencyKey });
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      const moved = await snapshot(watch);
      expect(moved.transfers).toBe(before.transfers + 1);
      expect(moved.entries).toBeGreaterThan(before.entries);
      expect(moved.balanced).toBe(true);
      const again = await caller.call(endpoint, { ...params, idempotencyKey });
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      expect(again.body[endpoint.result.name]).toEqual(first.body[endpoint.result.name]);
      expect(await snapshot(watch)).toEqual(moved);
    });
  },
);
