import { api, type LedgerLine, LOVE_PER_GIFT, type User } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giftSteps, type Member } from '../../../tests/_gift-steps';
import { befriend } from '../../../tests/_social';
import { Client, dialects, type TestApp, testApp, uniqueId } from '../../../tests/_util';

const LOVE_GONE = 'Love is going away. Send a Gift instead!';

describe.each(dialects)('love points through the ledger on $name', (dialect) => {
  let t: TestApp;
  const s = giftSteps(() => t);
  beforeAll(async () => {
    t = await testApp(dialect);
  });
  afterAll(() => t.close());

  const lovePoints = async (viewer: Member, of: Member) =>
    ((await viewer.ok(api.people.getUserById, { userId: of.user.uid })) as User[])[0].lovePoints;
  /** A VIP (SHARE_LOVE comes with VIP) and a friend of theirs. */
  const vipAndFriend = async () => {
    const [vip, friend] = [await s.withGold(0, { star: 2 }), await s.member()];
    await befriend(vip, friend);
    return [vip, friend] as const;
  };

  it('a gift received earns love points, shown as User.lovePoints, on the account and in the history', async () => {
    const admin = await s.admin();
    const gift = await s.gift(admin, { price: 10, value: 5 });
    const [ana, luis] = [await s.withGold(30), await s.member()];
    await ana.ok(api.gift.purchase, { giftId: gift.id, receiverId: luis.user.uid });
    await ana.ok(api.gift.purchase, { giftId: gift.id, receiverId: luis.user.uid });
    expect(await lovePoints(ana, luis)).toBe(2 * LOVE_PER_GIFT);
    expect(await luis.ok(api.gift.getAccount)).toMatchObject([{ gems: 10, lovePoints: 2 * LOVE_PER_GIFT }]);
    const lines = (await luis.ok(api.gift.getLedgerHistory)) as LedgerLine[];
    expect(lines.filter((l) => l.currency === 'love')).toHaveLength(2);
    expect(lines.find((l) => l.currency === 'love')).toMatchObject({ amount: LOVE_PER_GIFT, kind: 'gift' });
    // The sender earns none.
    expect(await lovePoints(luis, ana)).toBe(0);
  });

  it('gift/sendLove.do moves love to a friend once per key and answers what is left', async () => {
    const [vip, friend] = await vipAndFriend();
    await s.grantLove(vip, 10);
    const key = `love-${uniqueId()}`;
    // Ten replays of one key at once move the love once.
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        vip.ok(api.gift.sendLove, { receiverId: friend.user.uid, amount: 3, idempotencyKey: key }),
      ),
    );
    expect(answers.map((a) => a[0])).toEqual(Array(10).fill(7));
    expect(await lovePoints(friend, friend)).toBe(3);
    expect(await lovePoints(friend, vip)).toBe(7);
    const [line] = (await friend.ok(api.gift.getLedgerHistory)) as LedgerLine[];
    expect(line).toMatchObject({ currency: 'love', amount: 3, kind: 'love' });
    // The same key for another request is refused and moves nothing.
    const reused = await vip.call(api.gift.sendLove, {
      receiverId: friend.user.uid,
      amount: 4,
      idempotencyKey: key,
    });
    expect(reused.status).toBe(400);
    expect(await lovePoints(friend, vip)).toBe(7);
    expect((await t.deps.ledger.checkBooks()).balanced).toBe(true);
  });

  it('never goes below zero: concurrent shares beyond the balance are refused', async () => {
    const [vip, friend] = await vipAndFriend();
    await s.grantLove(vip, 5);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        vip.call(api.gift.sendLove, { receiverId: friend.user.uid, amount: 1 }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(15);
    expect(refused.every((a) => a.status === 402 && 'InsufficientFundsException' in a.body)).toBe(true);
    expect(refused[0].body.message).toBe('No tienes tantos puntos de amor.');
    expect(await lovePoints(vip, vip)).toBe(0);
    expect(await lovePoints(vip, friend)).toBe(5);
    const books = await t.deps.ledger.checkBooks();
    expect(books.balanced).toBe(true);
    expect(books.negative).toEqual([]);
  });

  it('without SHARE_LOVE, sending love answers the prompt to send a gift instead', async () => {
    const [ana, luis] = [await s.member(), await s.member()];
    await befriend(ana, luis);
    await s.grantLove(ana, 5);
    const answer = await ana.call(api.gift.sendLove, { receiverId: luis.user.uid, amount: 1 });
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe(LOVE_GONE);
    expect(await lovePoints(ana, ana)).toBe(5);
  });

  it('needs login, a friend, someone else, a sane amount, and no block either way', async () => {
    const [vip, friend] = await vipAndFriend();
    await s.grantLove(vip, 50);
    const login = await new Client(t.app).call(api.gift.sendLove, { receiverId: friend.user.uid, amount: 1 });
    expect(login.status).toBe(401);
    expect(login.body.message).toBe('Inicia sesión para continuar');
    const self = await vip.call(api.gift.sendLove, { receiverId: vip.user.uid, amount: 1 });
    expect([self.status, self.body.message]).toEqual([400, 'No puedes enviarte amor a ti mismo.']);
    const stranger = await s.member();
    const notFriend = await vip.call(api.gift.sendLove, { receiverId: stranger.user.uid, amount: 1 });
    expect([notFriend.status, notFriend.body.message]).toEqual([
      403,
      'Solo puedes compartir amor con tus amigos.',
    ]);
    for (const amount of [0, -3, 1.5, 1001, 2 ** 40])
      expect((await vip.call(api.gift.sendLove, { receiverId: friend.user.uid, amount })).status).toBe(400);
    expect((await vip.call(api.gift.sendLove, { receiverId: 999_999_999, amount: 1 })).status).toBe(404);
    await friend.ok(api.people.blockUser, { userId: vip.user.uid });
    expect((await vip.call(api.gift.sendLove, { receiverId: friend.user.uid, amount: 1 })).status).toBe(404);
    expect(await lovePoints(vip, vip)).toBe(50);
  });
});
