import { api, type ChatRoom, type Leaderboard, type LeaderboardEntry } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, member, type TestApp, testApp, uniqueId } from '../../../tests/_util';
import { dayOf, startOfDay } from './days';
import { type GiftForBoards, recordGiftForLeaderboards } from './record';

type Member = Awaited<ReturnType<typeof member>>;
const DAY = 86_400_000;

describe.each(dialects)('gift leaderboards on $name', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(dialect);
  });
  afterAll(() => t.close());

  const gift = (g: GiftForBoards) =>
    t.deps.db.transaction().execute((trx) => recordGiftForLeaderboards(trx, g));
  const members = async (n: number) => {
    const out: Member[] = [];
    for (let i = 0; i < n; i++) out.push(await member(t.app));
    return out;
  };
  const board = async (who: Member, p: Record<string, unknown>) =>
    (await who.ok(api.rewards.getLeaderboard, p)) as LeaderboardEntry[];
  const uids = (rows: LeaderboardEntry[]) => rows.map((r) => r.user?.uid);
  /** Each test watches a fresh limited-time board, so the site-wide boards other tests fill do not matter. */
  const freshEvent = async (admin: Member) => {
    const key = `t-${uniqueId()}`;
    await admin.ok(api.rewards.createLimitedTimeLeaderboard, {
      key,
      name: 'Prueba',
      startTime: Date.now() - 1000,
      endTime: Date.now() + DAY,
    });
    return key;
  };
  const admin = async () => {
    const [who] = await members(1);
    await t.deps.db.updateTable('users').set({ is_admin: 1 }).where('id', '=', who.user.uid).execute();
    return who;
  };

  it('orders by score, ties by member id, gifters and receivers apart; ranks are 1-based', async () => {
    const boss = await admin();
    const event = await freshEvent(boss);
    const [a, b, c, d] = await members(4);
    await gift({ senderId: a.user.uid, receiverId: b.user.uid, score: 50 });
    await gift({ senderId: c.user.uid, receiverId: b.user.uid, score: 30 });
    await gift({ senderId: a.user.uid, receiverId: c.user.uid, score: 10 });
    await gift({ senderId: d.user.uid, receiverId: c.user.uid, score: 30 });
    const gifters = await board(a, { event, type: 'gifters' });
    expect(gifters.map((r) => [r.user?.uid, r.score, r.rank])).toEqual([
      [a.user.uid, 60, 1],
      [c.user.uid, 30, 2],
      [d.user.uid, 30, 3],
    ]);
    const receivers = await board(a, { event, type: 'receivers' });
    expect(receivers.map((r) => [r.user?.uid, r.score])).toEqual([
      [b.user.uid, 80],
      [c.user.uid, 40],
    ]);
    // Paging: the second page of one line each is the second member.
    expect(uids(await board(a, { event, resultsPerPage: 1, page: 2 }))).toEqual([c.user.uid]);
  });

  it('counts a gift on the day, week and month it falls in and on all time; the event only inside its box', async () => {
    const [a, b] = await members(2);
    const now = Date.now();
    await gift({ senderId: a.user.uid, receiverId: b.user.uid, score: 7, at: now });
    await gift({ senderId: a.user.uid, receiverId: b.user.uid, score: 11, at: now - 3 * DAY });
    await gift({ senderId: a.user.uid, receiverId: b.user.uid, score: 13, at: now - 20 * DAY });
    await gift({ senderId: a.user.uid, receiverId: b.user.uid, score: 17, at: now - 100 * DAY });
    const scoreOf = async (p: Record<string, unknown>) =>
      (await board(a, { ...p, nearMe: true, resultsPerPage: 1 })).find((r) => r.user?.uid === a.user.uid)
        ?.score;
    expect(await scoreOf({ days: 1 })).toBe(7);
    expect(await scoreOf({ days: 7 })).toBe(18);
    expect(await scoreOf({ days: 30 })).toBe(31);
    expect(await scoreOf({})).toBe(48);
  });

  it('a day starts at midnight in the rewards time zone', () => {
    const day = dayOf(Date.now());
    const start = startOfDay(day);
    expect(dayOf(start)).toBe(day);
    expect(dayOf(start - 1)).toBe(day - 1);
    expect(startOfDay(day + 1) - start).toBeGreaterThanOrEqual(23 * 3_600_000);
  });

  it('near me: the page with the caller in its middle, with true ranks', async () => {
    const boss = await admin();
    const event = await freshEvent(boss);
    const crowd = await members(12);
    const [target] = await members(1);
    // Scores 120, 110, ... 10: the member at index 7 has rank 8.
    await Promise.all(
      crowd.map((m, i) => gift({ senderId: m.user.uid, receiverId: target.user.uid, score: 120 - i * 10 })),
    );
    const near = await board(crowd[7], { event, nearMe: true, resultsPerPage: 5 });
    expect(near.map((r) => r.rank)).toEqual([6, 7, 8, 9, 10]);
    expect(near[2].user?.uid).toBe(crowd[7].user.uid);
    // Someone not on the board gets an empty page.
    expect(await board(target, { event, nearMe: true })).toEqual([]);
  });

  it('concurrent gifts never lose a point', async () => {
    const boss = await admin();
    const event = await freshEvent(boss);
    const [a, b, c] = await members(3);
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        gift({ senderId: i % 2 ? a.user.uid : c.user.uid, receiverId: b.user.uid, score: 5 }),
      ),
    );
    const rows = await board(a, { event, type: 'receivers' });
    expect(rows[0].score).toBe(200);
    const gifters = await board(a, { event });
    expect(gifters.map((r) => r.score)).toEqual([100, 100]);
    // Equal scores: the lower member id first, every time.
    expect(uids(gifters)).toEqual([a.user.uid, c.user.uid].sort((x, y) => x - y));
  });

  it('getLeaderboardScore: all-time score and rank; blocked members are not found and left off boards', async () => {
    const boss = await admin();
    const event = await freshEvent(boss);
    const [a, b, x] = await members(3);
    await gift({ senderId: a.user.uid, receiverId: b.user.uid, score: 1_000_000 });
    await gift({ senderId: x.user.uid, receiverId: b.user.uid, score: 3 });
    const [mine] = (await b.ok(api.rewards.getLeaderboardScore, {
      userId: a.user.uid,
      type: 'gifters',
    })) as LeaderboardEntry[];
    expect(mine.score).toBeGreaterThanOrEqual(1_000_000);
    expect(mine.rank).toBe(1);
    expect(mine.user?.uid).toBe(a.user.uid);
    const [none] = (await a.ok(api.rewards.getLeaderboardScore, {
      userId: b.user.uid,
    })) as LeaderboardEntry[];
    expect(none).toMatchObject({ score: 0 });
    expect(none.rank).toBeUndefined();

    await x.ok(api.people.blockUser, { userId: a.user.uid });
    expect((await a.call(api.rewards.getLeaderboardScore, { userId: x.user.uid })).status).toBe(404);
    expect(uids(await board(a, { event }))).toEqual([a.user.uid]);
    // The blocked member's line is gone, the others keep their true ranks.
    expect((await board(x, { event })).map((r) => [r.user?.uid, r.rank])).toEqual([[x.user.uid, 2]]);
  });

  it('limited-time boards: admins create them, everyone lists them with start and end', async () => {
    const boss = await admin();
    const [m] = await members(1);
    const key = `fiesta-${uniqueId()}`;
    const start = Date.now() + DAY;
    const body = { key, name: 'Fiesta', startTime: start, endTime: start + DAY };
    expect((await m.call(api.rewards.createLimitedTimeLeaderboard, body)).status).toBe(403);
    await boss.ok(api.rewards.createLimitedTimeLeaderboard, body);
    expect((await boss.call(api.rewards.createLimitedTimeLeaderboard, body)).status).toBe(409);
    const bad = await boss.call(api.rewards.createLimitedTimeLeaderboard, {
      ...body,
      key: `${key}x`,
      endTime: start,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/final/);
    const listed = (await m.ok(api.rewards.getLimitedTimeLeaderboards, { limit: 100 })) as Leaderboard[];
    expect(listed.find((l) => l.key === key)).toEqual({
      key,
      name: 'Fiesta',
      startTime: start,
      endTime: start + DAY,
    });
    // Not started: a gift now does not count on it.
    const [a, b] = await members(2);
    await gift({ senderId: a.user.uid, receiverId: b.user.uid, score: 9 });
    expect(await board(m, { event: key })).toEqual([]);
    expect((await m.call(api.rewards.getLeaderboard, { event: 'no-existe' })).status).toBe(404);
  });

  it('refuses bad input and anonymous callers', async () => {
    const [m] = await members(1);
    const bad = await m.call(api.rewards.getLeaderboard, { type: 'best' });
    expect(bad.status).toBe(400);
    expect((await m.call(api.rewards.getLeaderboard, { days: 0 })).status).toBe(400);
    m.cookies.clear();
    expect((await m.call(api.rewards.getLeaderboard, {})).status).toBe(401);
  });

  it('chat/getLeaderboard with a gift type reads the room board', async () => {
    const [owner, a, b] = await members(3);
    const [room] = (await owner.ok(api.chat.createRoom, {
      name: `Sala ${uniqueId()}`,
      roomType: 2,
    })) as ChatRoom[];
    await a.ok(api.chat.enterRoom, { roomId: room.id });
    await gift({ senderId: a.user.uid, receiverId: b.user.uid, score: 25, roomId: room.id });
    await gift({ senderId: b.user.uid, receiverId: a.user.uid, score: 5 });
    const rows = (await a.ok(api.chat.getLeaderboard, {
      type: 'gifters',
      roomId: room.id,
      days: 1,
    })) as LeaderboardEntry[];
    expect(rows.map((r) => [r.user?.uid, r.score, r.rank])).toEqual([[a.user.uid, 25, 1]]);
    const receivers = (await a.ok(api.chat.getLeaderboard, {
      type: 'receivers',
      roomId: room.id,
    })) as LeaderboardEntry[];
    expect(uids(receivers)).toEqual([b.user.uid]);
  });
});
