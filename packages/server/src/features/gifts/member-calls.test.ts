import { api, type Endpoint, type LedgerLine } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giftSteps } from '../../../tests/_gift-steps';
import { Client, dialects, type TestApp, testApp, uniqueId } from '../../../tests/_util';

/** Every gold and gift call: who may call it, and bad amounts that store nothing. */
describe.each(dialects)('gift calls on $name', (dialect) => {
  let t: TestApp;
  const s = giftSteps(() => t);
  beforeAll(async () => {
    t = await testApp(dialect);
  });
  afterAll(() => t.close());

  const giftCalls = Object.values(api.gift) as Endpoint[];

  it('members-only calls answer 401 with the spec text to a visitor; admin calls 403 to a member', async () => {
    const anon = new Client(t.app);
    const someone = await s.member();
    const memberOnly = giftCalls.filter((e) => e.auth === 'member');
    expect(memberOnly.map((e) => e.path)).toEqual(
      expect.arrayContaining([api.gift.purchase.path, api.gift.purchaseGold.path, api.gift.sendLove.path]),
    );
    for (const endpoint of giftCalls.filter((e) => e.auth !== 'optional')) {
      const visitor = await anon.call(endpoint, {});
      expect([endpoint.path, visitor.status]).toEqual([endpoint.path, 401]);
      expect(visitor.body.message).toBe('Inicia sesión para continuar');
    }
    for (const endpoint of giftCalls.filter((e) => e.auth === 'admin')) {
      expect([endpoint.path, (await someone.call(endpoint, {})).status]).toEqual([endpoint.path, 403]);
    }
  });

  it('refuses negative, fractional and huge amounts with a 400, storing nothing', async () => {
    const ana = await s.withGold(40);
    const luis = await s.member();
    for (const gold of [-1, 0, 1.5, 2 ** 40, 'mucho'])
      expect((await ana.call(api.gift.purchaseGold, { gold })).status).toBe(400);
    for (const giftId of [-1, 0, 2 ** 40, 'rosa'])
      expect((await ana.call(api.gift.purchase, { giftId, receiverId: luis.user.uid })).status).toBe(400);
    const badKey = await ana.call(api.gift.purchase, {
      giftId: 1,
      receiverId: luis.user.uid,
      idempotencyKey: 'no vale; con espacios',
    });
    expect(badKey.status).toBe(400);
    expect(await s.gold(ana)).toBe(40);
    expect(await ana.ok(api.gift.getGiftsSent)).toEqual([]);
    // Nobody's payment but one's own.
    const [checkout] = (await ana.ok(api.gift.purchaseGold, { gold: 100 })) as { paymentId: number }[];
    expect((await luis.call(api.gift.getPayment, { paymentId: checkout.paymentId })).status).toBe(404);
  });

  it("pages the member's ledger history by the call's own limit", async () => {
    const ana = await s.member();
    for (let i = 0; i < 31; i++)
      await t.deps.ledger.grant({
        uid: ana.user.uid,
        amount: i + 1,
        reason: 'test',
        actorId: 0,
        key: `page:${uniqueId()}`,
      });
    const first = (await ana.ok(api.gift.getLedgerHistory)) as LedgerLine[];
    const second = (await ana.ok(api.gift.getLedgerHistory, { page: 2 })) as LedgerLine[];
    expect(first.map((l) => l.amount)).toEqual(Array.from({ length: 30 }, (_, i) => 31 - i));
    expect(second.map((l) => l.amount)).toEqual([1]);
  });
});
