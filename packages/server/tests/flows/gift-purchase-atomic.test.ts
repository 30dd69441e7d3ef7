import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatUseCases } from '../../src/features/chat/use-cases';
import { giftPurchase } from '../../src/features/gifts/purchase';
import { type GiftStore, giftStore } from '../../src/features/gifts/store';
import { watchAccess } from '../../src/features/live/access';
import { liveGifts } from '../../src/features/live/live-gifts';
import { messagingUseCases } from '../../src/features/messaging/use-cases';
import { notificationUseCases } from '../../src/features/notifications/notices';
import { peopleUseCases } from '../../src/features/people/use-cases';
import { giftSteps, type Member } from '../_gift-steps';
import { dialects, type TestApp, testApp, uniqueId } from '../_util';

/**
 * The gift line and the ledger transfer commit together or not at all: a failure on either side,
 * after the other side's rows were written in the transaction, leaves neither (docs/gifts.md).
 */
describe.each(dialects)('a gift purchase is one transaction on $name', (dialect) => {
  let t: TestApp;
  const s = giftSteps(() => t);
  beforeAll(async () => {
    t = await testApp(dialect);
  });
  afterAll(() => t.close());

  /** gift/purchase.do's use case, built with the given store and ledger. */
  const purchaseWith = (store: GiftStore, ledger = t.deps.ledger) => {
    const deps = { ...t.deps, ledger };
    const people = peopleUseCases(deps);
    return giftPurchase(
      deps,
      store,
      people,
      messagingUseCases(deps, people),
      chatUseCases(deps, people),
      notificationUseCases(deps),
      liveGifts(deps, watchAccess(deps.db)),
    );
  };
  const sentBy = (who: Member) => giftStore(t.deps.db).sends(who.user.uid, 'sender_id', 10, 0);
  const senderRow = async (who: Member) => (await giftStore(t.deps.db).usersByIds([who.user.uid]))[0];

  async function scene() {
    const admin = await s.admin();
    const gift = await s.gift(admin, { price: 25, value: 10 });
    const [ana, luis] = [await s.withGold(100), await s.member()];
    const transfers = (await t.deps.ledger.checkBooks()).transfers;
    return { gift, ana, luis, transfers };
  }

  async function expectNothingMoved(ana: Member, luis: Member, transfers: number) {
    expect(await sentBy(ana)).toEqual([]);
    expect(await s.gold(ana)).toBe(100);
    expect(await s.gems(luis)).toBe(0);
    const books = await t.deps.ledger.checkBooks();
    expect(books.transfers).toBe(transfers);
    expect(books.balanced).toBe(true);
  }

  it('a failure writing the gift line leaves no transfer and no money moved', async () => {
    const { gift, ana, luis, transfers } = await scene();
    const real = giftStore(t.deps.db);
    // The line is written, then the database fails (a full disk, a dropped connection).
    const failing: GiftStore = {
      ...real,
      async insertSend(trx, values) {
        await real.insertSend(trx, values);
        throw new Error('gift line: disk full');
      },
    };
    await expect(
      purchaseWith(failing).purchase(await senderRow(ana), {
        giftId: gift.id,
        receiverId: luis.user.uid,
        idempotencyKey: uniqueId(),
      }),
    ).rejects.toThrow('disk full');
    await expectNothingMoved(ana, luis, transfers);
    // The same purchase with a working store goes through: nothing was half-done.
    await purchaseWith(real).purchase(await senderRow(ana), {
      giftId: gift.id,
      receiverId: luis.user.uid,
      idempotencyKey: uniqueId(),
    });
    expect(await sentBy(ana)).toHaveLength(1);
    expect(await s.gold(ana)).toBe(75);
  });

  it('a failure of the ledger after the gift line was written leaves no gift line', async () => {
    const { gift, ana, luis, transfers } = await scene();
    const real = t.deps.ledger;
    // The ledger's own writes (the transfer row, its entries) fail after the work ran.
    const failingLedger: typeof real = {
      ...real,
      run: (spec, work) =>
        real.run(spec, async (trx, move, after) => {
          await work(trx, move, after);
          throw new Error('ledger: connection lost');
        }),
    };
    await expect(
      purchaseWith(giftStore(t.deps.db), failingLedger).purchase(await senderRow(ana), {
        giftId: gift.id,
        receiverId: luis.user.uid,
        idempotencyKey: uniqueId(),
      }),
    ).rejects.toThrow('connection lost');
    await expectNothingMoved(ana, luis, transfers);
  });

  it('a refused debit (not enough gold) writes no gift line', async () => {
    const { ana, luis, transfers } = await scene();
    const admin = await s.admin();
    const dear = await s.gift(admin, { price: 500, value: 10 });
    await expect(
      purchaseWith(giftStore(t.deps.db)).purchase(await senderRow(ana), {
        giftId: dear.id,
        receiverId: luis.user.uid,
        idempotencyKey: uniqueId(),
      }),
    ).rejects.toMatchObject({ kind: 'InsufficientFundsException' });
    await expectNothingMoved(ana, luis, transfers);
  });
});
