import { api, type ChatEntry, type ChatRoom, type Contest, type Notification } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMember, dialects, member, type TestApp, testApp, uniqueId } from '../../../tests/_util';
import { recordGiftForLeaderboards } from './record';

type Member = Awaited<ReturnType<typeof member>>;
const HOUR = 3_600_000;

describe.each(dialects)('editing and cancelling contests on $name', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(dialect);
  });
  afterAll(() => t.close());

  const admin = () => adminMember(t);
  const create = async (boss: Member, p: Record<string, unknown> = {}) =>
    (
      (await boss.ok(api.rewards.createContest, {
        name: 'Sorteo de prueba',
        type: 'random',
        prizes: '300,100',
        expiration: Date.now() + HOUR,
        ...p,
      })) as Contest[]
    )[0];
  const get = async (who: Member, id: number) =>
    ((await who.ok(api.rewards.getContest, { contestId: id })) as Contest[])[0];
  /** What a ledger account holds: the sum of its entries. */
  const held = async (key: string) => {
    const row = await t.deps.db
      .selectFrom('ledger_entries')
      .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_entries.account_id')
      .select((eb) => eb.fn.sum<number>('ledger_entries.amount').as('total'))
      .where('ledger_accounts.key', '=', key)
      .executeTakeFirstOrThrow();
    return Number(row.total ?? 0);
  };
  const pool = (c: Contest) => held(`system:contest-${c.id}:${c.currency}`);
  const cancelNotices = async (who: Member) =>
    ((await who.ok(api.user.getNotifications, {})) as Notification[]).filter(
      (n) => n.kind === 'contestCancelled',
    );

  it('only admins edit or cancel; a member is refused and nothing changes', async () => {
    const boss = await admin();
    const contest = await create(boss);
    const m = await member(t.app);
    const edit = await m.call(api.rewards.editContest, { contestId: contest.id, name: 'Mío' });
    expect(edit.status).toBe(403);
    const cancel = await m.call(api.rewards.cancelContest, { contestId: contest.id });
    expect(cancel.status).toBe(403);
    const after = await get(m, contest.id);
    expect(after).toMatchObject({ name: 'Sorteo de prueba', prizes: [300, 100] });
    expect(after.cancelled).toBeUndefined();
    expect(await pool(contest)).toBe(400);
  });

  it('an edit renames, moves the end and raises prizes; the pool follows through the ledger', async () => {
    const boss = await admin();
    const contest = await create(boss, { type: 'top', board: 'gifters' });
    const end = Date.now() + 3 * HOUR;
    const [edited] = (await boss.ok(api.rewards.editContest, {
      contestId: contest.id,
      name: 'Gran premio',
      expiration: end,
      prizes: '400,100,50',
    })) as Contest[];
    expect(edited).toMatchObject({ name: 'Gran premio', expiration: end, prizes: [400, 100, 50] });
    expect(await pool(contest)).toBe(550);
    // The top contest's own board follows its name and end.
    const board = await t.deps.db
      .selectFrom('leaderboard_events')
      .select(['name', 'ends_at'])
      .where('key', '=', `contest-${contest.id}`)
      .executeTakeFirstOrThrow();
    expect({ name: board.name, ends_at: Number(board.ends_at) }).toEqual({
      name: 'Gran premio',
      ends_at: end,
    });
    expect((await t.deps.ledger.checkBooks()).balanced).toBe(true);
  });

  it('once started, prizes only go up; before the start they may go down; ends stay in the future', async () => {
    const boss = await admin();
    const running = await create(boss);
    const lower = await boss.call(api.rewards.editContest, { contestId: running.id, prizes: '300,50' });
    expect(lower.status).toBe(409);
    expect(lower.body.message).toMatch(/los premios solo pueden subir/);
    const dropped = await boss.call(api.rewards.editContest, { contestId: running.id, prizes: '300' });
    expect(dropped.status).toBe(409);
    const past = await boss.call(api.rewards.editContest, {
      contestId: running.id,
      expiration: Date.now() - 1000,
    });
    expect(past.status).toBe(400);
    expect(past.body.message).toMatch(/en el futuro/);
    expect((await get(boss, running.id)).prizes).toEqual([300, 100]);
    expect(await pool(running)).toBe(400);

    const coming = await create(boss, { startTime: Date.now() + HOUR, expiration: Date.now() + 2 * HOUR });
    const [cut] = (await boss.ok(api.rewards.editContest, {
      contestId: coming.id,
      prizes: '50',
    })) as Contest[];
    expect(cut.prizes).toEqual([50]);
    expect(await pool(coming)).toBe(50);
    expect((await t.deps.ledger.checkBooks()).balanced).toBe(true);
  });

  it('a cancel returns the pool to the house, tells the entrants and the room, and closes the contest', async () => {
    const boss = await admin();
    const owner = await member(t.app);
    const [room] = (await owner.ok(api.chat.createRoom, {
      name: `Sala ${uniqueId()}`,
      roomType: 2,
    })) as ChatRoom[];
    const contest = await create(boss, { roomId: room.id, currency: 'gems' });
    const [a, b, late] = [await member(t.app), await member(t.app), await member(t.app)];
    for (const who of [a, b]) {
      await who.ok(api.chat.enterRoom, { roomId: room.id });
      await who.ok(api.rewards.enterContest, { contestId: contest.id });
    }
    const house = await held('system:contests:gems');
    const [cancelled] = (await boss.ok(api.rewards.cancelContest, { contestId: contest.id })) as Contest[];
    expect(cancelled).toMatchObject({ cancelled: true, settled: true, winners: [] });
    expect(await pool(contest)).toBe(0);
    expect(await held('system:contests:gems')).toBe(house + 400);
    expect((await t.deps.ledger.checkBooks()).balanced).toBe(true);
    expect(await cancelNotices(a)).toHaveLength(1);
    expect(await cancelNotices(b)).toHaveLength(1);
    expect(await cancelNotices(late)).toHaveLength(0);
    const lines = (await a.ok(api.chat.getMessages, { roomId: room.id })) as ChatEntry[];
    expect(lines.filter((l) => l.contest?.cancelled)).toHaveLength(2);

    await late.ok(api.chat.enterRoom, { roomId: room.id });
    const enter = await late.call(api.rewards.enterContest, { contestId: contest.id });
    expect(enter.status).toBe(409);
    expect(enter.body.message).toMatch(/se canceló/);
    const redeem = await a.call(api.rewards.redeemReward, { contestId: contest.id });
    expect(redeem.status).toBe(409);
    for (const call of [
      () => boss.call(api.rewards.cancelContest, { contestId: contest.id }),
      () => boss.call(api.rewards.editContest, { contestId: contest.id, name: 'Otra vez' }),
    ]) {
      const again = await call();
      expect(again.status).toBe(409);
      expect(again.body.message).toMatch(/se canceló/);
    }
    // The expiry never draws winners for it, and no gem moved twice.
    await t.deps.db
      .updateTable('contests')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', contest.id)
      .execute();
    await t.rewards.settler.settleDue();
    expect((await get(a, contest.id)).winners).toEqual([]);
    expect(await pool(contest)).toBe(0);
  });

  it('a contest that has ended can no longer be cancelled; a top contest tells its board', async () => {
    const boss = await admin();
    const ended = await create(boss);
    await t.deps.db
      .updateTable('contests')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', ended.id)
      .execute();
    const late = await boss.call(api.rewards.cancelContest, { contestId: ended.id });
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/ya terminó/);

    const top = await create(boss, { type: 'top', board: 'receivers' });
    const [giver, receiver] = [await member(t.app), await member(t.app)];
    await t.deps.db.transaction().execute((trx) =>
      recordGiftForLeaderboards(trx, {
        senderId: giver.user.uid,
        receiverId: receiver.user.uid,
        score: 30,
      }),
    );
    await boss.ok(api.rewards.cancelContest, { contestId: top.id });
    expect(await cancelNotices(receiver)).toHaveLength(1);
    expect(await cancelNotices(giver)).toHaveLength(0);
    expect(await pool(top)).toBe(0);
  });
});
