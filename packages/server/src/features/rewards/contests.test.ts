import { api, type ChatEntry, type ChatRoom, type Contest, type Notification } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminMember,
  Client,
  dialects,
  member,
  sameDatabaseApp,
  type TestApp,
  testApp,
  uniqueId,
} from '../../../tests/_util';
import { drawEntrants } from './contest-settle';
import { recordGiftForLeaderboards } from './record';

type Member = Awaited<ReturnType<typeof member>>;
const HOUR = 3_600_000;

describe('the entrants draw', () => {
  it('draws distinct entrants, never more than there are', () => {
    const drawn = drawEntrants([1, 2, 3, 4, 5], 3);
    expect(new Set(drawn).size).toBe(3);
    expect(drawn.every((id) => [1, 2, 3, 4, 5].includes(id))).toBe(true);
    expect(drawEntrants([7, 8], 5).sort()).toEqual([7, 8]);
    // A rigged random source shows the walk: always the first remaining one.
    expect(drawEntrants([4, 5, 6], 2, () => 0)).toEqual([4, 5]);
  });
});

describe.each(dialects)('gift contests on $name', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(dialect);
  });
  afterAll(() => t.close());

  const admin = () => adminMember(t);
  const create = async (boss: Member, p: Record<string, unknown>) =>
    (
      (await boss.ok(api.rewards.createContest, {
        name: 'Sorteo de prueba',
        type: 'random',
        prizes: '300,100',
        expiration: Date.now() + HOUR,
        ...p,
      })) as Contest[]
    )[0];
  /** Moves a contest's end into the past, as if its hour had gone by. */
  const expire = (id: number) =>
    t.deps.db
      .updateTable('contests')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', id)
      .execute();
  const get = async (who: Member, id: number) =>
    ((await who.ok(api.rewards.getContest, { contestId: id })) as Contest[])[0];
  const gold = async (who: Member) => (await t.deps.ledger.balances(who.user.uid)).gold;
  const noticesOf = async (who: Member) =>
    ((await who.ok(api.user.getNotifications, {})) as Notification[]).filter((n) => n.kind === 'contestWon');

  it('only admins create contests; bad input is refused in words and stores nothing', async () => {
    const m = await member(t.app);
    const refused = await m.call(api.rewards.createContest, {
      name: 'X',
      type: 'random',
      prizes: '10',
      expiration: Date.now() + HOUR,
    });
    expect(refused.status).toBe(403);
    const boss = await admin();
    const before = await t.deps.db.selectFrom('contests').select('id').execute();
    const past = await boss.call(api.rewards.createContest, {
      name: 'X',
      type: 'random',
      prizes: '10',
      expiration: Date.now() - 1,
    });
    expect(past.status).toBe(400);
    expect(past.body.message).toMatch(/fecha de fin tiene que estar en el futuro/);
    const tooLong = await boss.call(api.rewards.createContest, {
      name: 'X',
      type: 'random',
      prizes: '10',
      expiration: Date.now() + 61 * 24 * HOUR,
    });
    expect(tooLong.body.message).toMatch(/como mucho 60 días/);
    const zero = await boss.call(api.rewards.createContest, {
      name: 'X',
      type: 'random',
      prizes: '10,0',
      expiration: Date.now() + HOUR,
    });
    expect(zero.status).toBe(400);
    const topInRoom = await boss.call(api.rewards.createContest, {
      name: 'X',
      type: 'top',
      prizes: '10',
      roomId: 1,
      expiration: Date.now() + HOUR,
    });
    expect(topInRoom.body.message).toMatch(/Solo los concursos por sorteo/);
    expect(await t.deps.db.selectFrom('contests').select('id').execute()).toHaveLength(before.length);
    expect((await m.call(api.rewards.getContest, { contestId: 999_999 })).body.message).toMatch(
      /Ese concurso no existe/,
    );
  });

  it('random draw: members enter once while it runs; it expires once with two servers; winners redeem once', async () => {
    const boss = await admin();
    const contest = await create(boss, {});
    expect(contest).toMatchObject({ type: 'random', prizes: [300, 100], entrants: 0, settled: false });
    const [a, b, c] = [await member(t.app), await member(t.app), await member(t.app)];
    const entered = ((await a.ok(api.rewards.enterContest, { contestId: contest.id })) as Contest[])[0];
    expect(entered).toMatchObject({ entered: true, entrants: 1 });
    expect(entered.last_id).toBeGreaterThan(0);
    const twice = await a.call(api.rewards.enterContest, { contestId: contest.id });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toMatch(/Ya participas/);
    await b.ok(api.rewards.enterContest, { contestId: contest.id });
    await c.ok(api.rewards.enterContest, { contestId: contest.id });
    // Redeeming before the end is refused.
    const early = await a.call(api.rewards.redeemReward, { contestId: contest.id });
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/sigue abierto/);

    await expire(contest.id);
    // Two servers on the same database run the expiry at once: the winners are drawn once.
    const second = await sameDatabaseApp(t.config);
    try {
      const settled = await Promise.all([t.rewards.settler.settleDue(), second.rewards.settler.settleDue()]);
      expect(settled[0] + settled[1]).toBe(1);
    } finally {
      await second.app.close();
    }
    const late = await member(t.app);
    expect((await late.call(api.rewards.enterContest, { contestId: contest.id })).body.message).toMatch(
      /ya terminó/,
    );
    const winners = await t.deps.db
      .selectFrom('contest_winners')
      .selectAll()
      .where('contest_id', '=', contest.id)
      .orderBy('place')
      .execute();
    expect(winners.map((w) => [w.place, w.amount])).toEqual([
      [1, 300],
      [2, 100],
    ]);
    const ids = [a, b, c].map((m) => m.user.uid);
    expect(winners.every((w) => ids.includes(w.user_id))).toBe(true);

    const byUid = new Map([a, b, c].map((m) => [m.user.uid, m]));
    const first = byUid.get(winners[0].user_id)!;
    const loser = [a, b, c].find((m) => !winners.some((w) => w.user_id === m.user.uid))!;
    expect(await noticesOf(first)).toHaveLength(1);
    expect(await noticesOf(loser)).toHaveLength(0);

    const shown = await get(first, contest.id);
    expect(shown).toMatchObject({ settled: true, place: 1, redeemed: false });
    expect(shown.winners?.map((u) => u.uid)).toEqual(winners.map((w) => w.user_id));

    const notWinner = await loser.call(api.rewards.redeemReward, { contestId: contest.id });
    expect(notWinner.status).toBe(403);
    expect(notWinner.body.message).toMatch(/No ganaste/);
    // Redeem twice (and three at once): the prize arrives once.
    await Promise.all([1, 2, 3].map(() => first.ok(api.rewards.redeemReward, { contestId: contest.id })));
    const [again] = (await first.ok(api.rewards.redeemReward, { contestId: contest.id })) as Contest[];
    expect(again.redeemed).toBe(true);
    expect(await gold(first)).toBe(300);
    const books = await t.deps.ledger.checkBooks();
    expect(books.balanced).toBe(true);
  });

  it('a contest read after its end is settled then, even with no job running; empty places go back to the house', async () => {
    const boss = await admin();
    const contest = await create(boss, { prizes: '50,20,10', currency: 'gems' });
    const only = await member(t.app);
    await only.ok(api.rewards.enterContest, { contestId: contest.id });
    await expire(contest.id);
    const shown = await get(only, contest.id);
    expect(shown).toMatchObject({ settled: true, place: 1, winners: [{ uid: only.user.uid }] });
    await only.ok(api.rewards.redeemReward, { contestId: contest.id });
    expect((await t.deps.ledger.balances(only.user.uid)).gems).toBe(50);
    // The pool is empty: 50 redeemed, 30 returned for the two places nobody filled.
    const pool = await t.deps.db
      .selectFrom('ledger_entries')
      .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_entries.account_id')
      .select((eb) => eb.fn.sum<number>('ledger_entries.amount').as('total'))
      .where('ledger_accounts.key', '=', `system:contest-${contest.id}:gems`)
      .executeTakeFirstOrThrow();
    expect(Number(pool.total)).toBe(0);
    expect((await t.deps.ledger.checkBooks()).balanced).toBe(true);
  });

  it('top of a leaderboard: gifts between start and end rank it (ties by member id); entering is not needed', async () => {
    const boss = await admin();
    const contest = await create(boss, { type: 'top', board: 'receivers', prizes: '100,50' });
    expect(contest.leaderboard).toBe(`contest-${contest.id}`);
    const [a, b, c, giver] = [
      await member(t.app),
      await member(t.app),
      await member(t.app),
      await member(t.app),
    ];
    const noEntry = await a.call(api.rewards.enterContest, { contestId: contest.id });
    expect(noEntry.status).toBe(409);
    expect(noEntry.body.message).toMatch(/no hace falta apuntarse/);
    const give = (receiverId: number, score: number) =>
      t.deps.db
        .transaction()
        .execute((trx) => recordGiftForLeaderboards(trx, { senderId: giver.user.uid, receiverId, score }));
    await give(c.user.uid, 40);
    await give(b.user.uid, 40);
    await give(a.user.uid, 10);
    await expire(contest.id);
    const shown = await get(a, contest.id);
    // b and c tie at 40: the lower member id ranks first.
    const tied = [b.user.uid, c.user.uid].sort((x, y) => x - y);
    expect(shown.winners?.map((u) => u.uid)).toEqual(tied);
    expect(shown.place).toBeUndefined();
  });

  it('a room contest: announced in the room (ChatEntry.contest), entered only from inside it', async () => {
    const boss = await admin();
    const owner = await member(t.app);
    const [room] = (await owner.ok(api.chat.createRoom, {
      name: `Sala ${uniqueId()}`,
      roomType: 2,
    })) as ChatRoom[];
    const contest = await create(boss, { roomId: room.id });
    expect(contest.roomId).toBe(room.id);
    const outsider = await member(t.app);
    const refused = await outsider.call(api.rewards.enterContest, { contestId: contest.id });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/Entra en la sala/);
    await outsider.ok(api.chat.enterRoom, { roomId: room.id });
    await outsider.ok(api.rewards.enterContest, { contestId: contest.id });
    const lines = (await outsider.ok(api.chat.getMessages, { roomId: room.id })) as ChatEntry[];
    const line = lines.find((l) => l.contest);
    expect(line?.contest).toMatchObject({ id: contest.id, name: 'Sorteo de prueba', prizes: [300, 100] });
    expect(line?.user?.uid).toBe(boss.user.uid);
    // A member typing the tag gets plain text, not the contest.
    await outsider.ok(api.chat.sendMessage, { roomId: room.id, message: `[contest]${contest.id}[/contest]` });
    const after = (await outsider.ok(api.chat.getMessages, { roomId: room.id })) as ChatEntry[];
    expect(after.filter((l) => l.contest)).toHaveLength(1);
  });

  it('lists running contests first, then recent ended ones', async () => {
    const boss = await admin();
    const ended = await create(boss, { name: 'Terminado' });
    await expire(ended.id);
    const running = await create(boss, { name: 'Abierto' });
    const list = (await boss.ok(api.rewards.getContests, { limit: 100 })) as Contest[];
    const ids = list.map((c) => c.id);
    expect(ids.indexOf(running.id)).toBeLessThan(ids.indexOf(ended.id));
    expect(ids).toContain(ended.id);
    expect((await new Client(t.app).call(api.rewards.getContests)).status).toBe(401);
  });
});
