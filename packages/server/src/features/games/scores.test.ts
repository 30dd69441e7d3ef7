import { api, EXAMPLE_GAME, type LeaderboardItem } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { befriend } from '../../../tests/_social';
import { adminMember, Client, dialects, member, testApp } from '../../../tests/_util';
import { openGame, registerGame } from './_games-test';
import { isPossibleExampleScore } from './modules/example-rules';
import { weekOf } from './scores';

describe.each(dialects)('game scores and leaderboards on $name', (dialect) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let admin: Awaited<ReturnType<typeof member>>;
  beforeAll(async () => {
    t = await testApp(dialect);
    admin = await adminMember(t);
  });
  afterAll(() => t.close());

  const board = async (m: Awaited<ReturnType<typeof member>>, gameId: number, type?: string) =>
    (await m.ok(api.game.getGameLeaderboard, { gameId, ...(type ? { type } : {}) })) as LeaderboardItem[];

  it('keeps each member’s best, ranks best first and breaks ties by time', async () => {
    const game = await registerGame(admin, { scoreFormat: 'time' });
    const [a, b, c] = [await member(t.app), await member(t.app), await member(t.app)];
    const submit = async (m: typeof a, score: number) => {
      const { token } = await openGame(m, game.id);
      return (await m.ok(api.game.submitScore, { gameId: game.id, score, token }))[0] as LeaderboardItem;
    };
    expect(await submit(a, 5000)).toMatchObject({
      rank: 1,
      score: 5000,
      scoreFormatted: '0:05.0',
      userId: a.user.uid,
    });
    await submit(b, 5000); // same score, later: below a
    await submit(c, 9000);
    expect(await submit(a, 100)).toMatchObject({ score: 5000, rank: 2 }); // a worse score keeps the best
    const rows = await board(a, game.id);
    expect(rows.map((r) => [r.rank, r.userId, r.score])).toEqual([
      [1, c.user.uid, 9000],
      [2, a.user.uid, 5000],
      [3, b.user.uid, 5000],
    ]);
    expect(rows[0]).toMatchObject({ userName: c.user.name, scoreFormatted: '0:09.0' });
    expect(rows[0].timestamp).toBeGreaterThan(0);
    // This week's board has the same scores; a score from last week counts on the global board only.
    await t.deps.db
      .insertInto('game_scores')
      .values({
        game_id: game.id,
        week: weekOf(Date.now()) - 7 * 86_400_000,
        user_id: b.user.uid,
        score: 99_999,
        scored_at: 1,
      })
      .execute();
    expect((await board(a, game.id, 'weekly')).map((r) => r.userId)).toEqual([
      c.user.uid,
      a.user.uid,
      b.user.uid,
    ]);
  });

  it('the friends board shows the caller and their friends only, and nobody across a block', async () => {
    const game = await registerGame(admin);
    const [me, friend, stranger, blocker] = [
      await member(t.app),
      await member(t.app),
      await member(t.app),
      await member(t.app),
    ];
    await befriend(me, friend);
    await befriend(me, blocker);
    for (const [m, score] of [
      [me, 10],
      [friend, 30],
      [stranger, 50],
      [blocker, 70],
    ] as const) {
      const { token } = await openGame(m, game.id);
      await m.ok(api.game.submitScore, { gameId: game.id, score, token });
    }
    await blocker.ok(api.people.blockUser, { userId: me.user.uid });
    expect((await board(me, game.id, 'friends')).map((r) => [r.rank, r.userId])).toEqual([
      [1, friend.user.uid],
      [2, me.user.uid],
    ]);
    expect((await board(me, game.id)).map((r) => r.userId)).toEqual([
      stranger.user.uid,
      friend.user.uid,
      me.user.uid,
    ]);
    const anonymous = await new Client(t.app).call(api.game.getGameLeaderboard, { gameId: game.id });
    expect(anonymous.status).toBe(401);
    const bad = await me.call(api.game.getGameLeaderboard, { gameId: game.id, type: 'monthly' });
    expect(bad.status).toBe(400);
    expect((await me.call(api.game.getGameLeaderboard, {})).body.ApiValidationException).toEqual({
      field: 'gameId',
    });
  });

  it('refuses a score outside the declared range or faster than the declared rate; nothing is stored', async () => {
    const game = await registerGame(admin, { scoreMin: 0, scoreMax: 1000, scoresPerMinute: 2 });
    const m = await member(t.app);
    const { token } = await openGame(m, game.id);
    const high = await m.call(api.game.submitScore, { gameId: game.id, score: 1001, token });
    expect(high.status).toBe(400);
    expect(high.body.message).toBe('La puntuación debe estar entre 0 y 1000.');
    expect((await m.call(api.game.submitScore, { gameId: game.id, score: -1, token })).status).toBe(400);
    expect((await m.call(api.game.submitScore, { gameId: game.id, score: 'mucho', token })).status).toBe(400);
    expect((await m.call(api.game.submitScore, { gameId: game.id, score: 1.5, token })).status).toBe(400);
    expect(await board(m, game.id)).toEqual([]);
    expect((await m.call(api.game.submitScore, { gameId: game.id, score: 1, token })).status).toBe(200);
    expect((await m.call(api.game.submitScore, { gameId: game.id, score: 2, token })).status).toBe(200);
    const fast = await m.call(api.game.submitScore, { gameId: game.id, score: 900, token });
    expect(fast.status).toBe(429);
    expect((await board(m, game.id)).map((r) => r.score)).toEqual([2]);
  });

  it('a built-in game’s module refuses scores its rules make impossible', async () => {
    // Each test app has its own database: the example game's slug is free here.
    const game = await registerGame(admin, {
      kind: 'builtin',
      slug: EXAMPLE_GAME.slug,
      url: undefined,
      scoreMax: 100_000,
    });
    expect(game.url).toBe(`/games-builtin/${EXAMPLE_GAME.slug}/`);
    const m = await member(t.app);
    const { token } = await openGame(m, game.id);
    expect(isPossibleExampleScore(1500)).toBe(true);
    expect(isPossibleExampleScore(1505)).toBe(false);
    expect((await m.call(api.game.submitScore, { gameId: game.id, score: 1500, token })).status).toBe(200);
    const impossible = await m.call(api.game.submitScore, { gameId: game.id, score: 1505, token });
    expect(impossible.status).toBe(400);
    expect(impossible.body.message).toBe('Esa puntuación no es posible en este juego.');
    expect((await board(m, game.id)).map((r) => r.score)).toEqual([1500]);
  });
});
