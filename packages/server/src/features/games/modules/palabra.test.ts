import { api, type LeaderboardItem, type PalabraGame } from '@tertulia/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { befriend, type Member } from '../../../../tests/_social';
import { adminMember, dialects, member, testApp } from '../../../../tests/_util';
import { openGame, registerGame } from '../_games-test';
import { palabraAnswer } from './palabra-play';
import { DAY_MS, dayOf, GAP_CAP_MS, hintsFor, palabraScore, replayPalabra } from './palabra-rules';
import { palabraStore } from './palabra-store';
import { PALABRA_ANSWERS } from './palabra-words';

describe.each(dialects)('La palabra del día on $name', (dialect) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let gid: number;
  let now: number;
  beforeAll(async () => {
    t = await testApp(dialect);
    const listed = await t.deps.db
      .selectFrom('games')
      .select('id')
      .where('slug', '=', 'palabra')
      .executeTakeFirst();
    gid =
      listed?.id ??
      (
        await registerGame(await adminMember(t), {
          kind: 'builtin',
          slug: 'palabra',
          url: undefined,
          scoreMax: 900,
        })
      ).id;
  });
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

  /** The clock the server reads, moved on by hand so guesses come at a person's pace. */
  const later = (ms: number) => {
    now += ms;
    vi.setSystemTime(now);
  };
  const startClock = () => {
    now = Date.now();
    // Tests move the clock on by up to an hour: late in a UTC day that would cross into the
    // next day's word, so they start a few hours later instead (the midnight test aims at it).
    if (DAY_MS - (now % DAY_MS) < 3 * 3_600_000) now += 6 * 3_600_000;
    vi.useFakeTimers({ toFake: ['Date'], now });
  };
  const player = async (m: Member) => ({ m, token: (await openGame(m, gid)).token });
  type Player = Awaited<ReturnType<typeof player>>;
  const start = async (p: Player) =>
    (await p.m.ok(api.game.palabraStart, { gameId: gid, token: p.token }))[0] as PalabraGame;
  const guess = (p: Player, word: string, day = dayOf(now)) =>
    p.m.call(api.game.palabraGuess, { gameId: gid, day, word, token: p.token });
  const answer = () => palabraAnswer(t.deps.secret, dayOf(now));
  const wrong = (n = 0) => PALABRA_ANSWERS.filter((w) => w !== answer())[n];
  /** Plays the day's word: `misses` wrong words, then the answer, `gap` ms apart. */
  const solve = async (p: Player, misses: number, gap = 5_000) => {
    await start(p);
    for (let i = 0; i < misses; i++) {
      later(gap);
      expect((await guess(p, wrong(i))).status).toBe(200);
    }
    later(gap);
    return ((await guess(p, answer())).body.PalabraGame as PalabraGame[])[0];
  };
  const submit = (p: Player, score: number) =>
    p.m.call(api.game.submitScore, { gameId: gid, score, token: p.token });
  const board = async (p: Player, type?: 'friends', day?: number) =>
    (
      (await p.m.ok(api.game.palabraBoard, {
        gameId: gid,
        token: p.token,
        ...(type ? { type } : {}),
        ...(day !== undefined ? { day } : {}),
      })) as LeaderboardItem[]
    ).map((r) => [r.userId, r.score, r.scoreFormatted]);

  it('answers each guess with its hints and scores the solved word from the stored guesses', async () => {
    startClock();
    const p = await player(await member(t.app));
    const first = await start(p);
    expect(first).toMatchObject({
      day: dayOf(now),
      startedAt: now,
      guesses: [],
      finished: false,
      maxTries: 6,
    });
    expect(first.answer).toBeUndefined(); // the frame never sees the word while playing
    later(60_000);
    expect(await start(p)).toMatchObject({ startedAt: first.startedAt }); // one game a day, one clock
    later(4_000);
    const one = ((await guess(p, wrong())).body.PalabraGame as PalabraGame[])[0];
    expect(one.guesses[0]).toMatchObject({ word: wrong(), hints: hintsFor(answer(), wrong()), at: now });
    expect(one).toMatchObject({ finished: false, score: 0 });
    later(20_000);
    const won = ((await guess(p, answer().toUpperCase())).body.PalabraGame as PalabraGame[])[0];
    expect(won).toMatchObject({ finished: true, solved: true, answer: answer(), playMs: 84_000 });
    expect(won.score).toBe(palabraScore(true, 2, 84_000));
    // Replay: the stored score is what the stored guesses give, whatever the frame believed.
    const row = await palabraStore(t.deps.db).game(p.m.user.uid, dayOf(now));
    expect(row?.score).toBe(replayPalabra(answer(), row!.started_at, JSON.parse(row!.guesses)).score);
    later(5_000);
    const after = await guess(p, wrong(1));
    expect(after.status).toBe(409);
    expect(after.body.message).toBe('Ya has terminado la palabra de ese día. Vuelve mañana.');
  });

  it('refuses bad words, guesses before the start, too soon or for another day; nothing is stored', async () => {
    startClock();
    const p = await player(await member(t.app));
    const early = await guess(p, wrong());
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('Empieza primero la partida de hoy.');
    await start(p);
    later(5_000);
    const short = await guess(p, 'casa');
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({
      message: 'La palabra debe tener 5 letras.',
      ApiValidationException: { field: 'word' },
    });
    const unknown = await guess(p, 'zzzzz');
    expect(unknown.body.message).toBe('Esa palabra no está en nuestra lista.');
    p.m.cookies.set('locale', 'en');
    const english = await guess(p, 'qwxyz');
    p.m.cookies.delete('locale');
    expect(english.body.message).toBe('That word is not in our list.');
    expect((await guess(p, wrong(), dayOf(now) + 1)).status).toBe(400);
    expect((await guess(p, wrong(), dayOf(now) - 5)).status).toBe(400);
    expect((await guess(p, wrong())).status).toBe(200);
    later(100);
    expect((await guess(p, wrong(1))).status).toBe(429); // faster than a person types
    expect((await start(p)).guesses.map((g) => g.word)).toEqual([wrong()]);
    // A missing token or another game's token never plays this game.
    expect(
      (await p.m.call(api.game.palabraGuess, { gameId: gid, day: dayOf(now), word: wrong(2) })).status,
    ).toBe(403);
  });

  it('counts a long pause (a hidden tab) as at most GAP_CAP_MS, and six misses score 0', async () => {
    startClock();
    let p = await player(await member(t.app));
    await start(p);
    later(3_600_000);
    p = await player(p.m); // the token lasts 15 minutes: the frame gets a fresh one
    const one = ((await guess(p, wrong())).body.PalabraGame as PalabraGame[])[0];
    expect(one.playMs).toBe(GAP_CAP_MS);
    for (let i = 1; i < 6; i++) {
      later(2_000);
      await guess(p, wrong(i));
    }
    const lost = (await start(p)) as PalabraGame;
    expect(lost).toMatchObject({ finished: true, solved: false, score: 0, answer: answer() });
  });

  it('keeps one game per member and day, and two guesses at once count once', async () => {
    startClock();
    const p = await player(await member(t.app));
    const store = palabraStore(t.deps.db);
    await Promise.all([start(p), start(p), start(p)]);
    const rows = await t.deps.db
      .selectFrom('palabra_games')
      .selectAll()
      .where('user_id', '=', p.m.user.uid)
      .execute();
    expect(rows).toHaveLength(1);
    await expect(
      t.deps.db
        .insertInto('palabra_games')
        .values({ user_id: p.m.user.uid, day: dayOf(now), started_at: now })
        .execute(),
    ).rejects.toThrow();
    const move = { guesses: '[]', tries: 1, finished: false, solved: false, score: 0, at: now };
    expect(await store.guess(rows[0].id, 0, move)).toBe(true);
    expect(await store.guess(rows[0].id, 0, move)).toBe(false); // read before the other's write: refused
  });

  it('a score counts only as the result the server computed; then it reaches the friends board', async () => {
    startClock();
    const [me, friend, stranger] = [await member(t.app), await member(t.app), await member(t.app)];
    await befriend(me, friend);
    const p = await player(me);
    const noGame = await submit(p, 700);
    expect(noGame.status).toBe(400);
    expect(noGame.body.message).toBe('Esa puntuación no es posible en este juego.');
    const won = await solve(p, 2);
    expect((await submit(p, won.score + 1)).status).toBe(400); // not the computed result
    expect((await submit(p, 900)).status).toBe(400); // no game can score it
    expect((await submit(p, won.score)).status).toBe(200);
    const f = await player(friend);
    const friends = (await friend.ok(api.game.getGameLeaderboard, {
      gameId: gid,
      type: 'friends',
    })) as LeaderboardItem[];
    expect(friends.map((r) => [r.userId, r.score])).toEqual([[me.user.uid, won.score]]);
    const s = await player(stranger);
    expect(await board(s, 'friends')).toEqual([]);
    // The daily board: today's finished games, best first; friends: the caller and their friends.
    const fw = await solve(f, 0);
    const ours = (await board(s)).filter(([uid]) => uid === friend.user.uid || uid === me.user.uid);
    expect(ours).toEqual([
      [friend.user.uid, fw.score, `${fw.score} · 1/6`],
      [me.user.uid, won.score, `${won.score} · 3/6`],
    ]);
    expect((await board(f, 'friends')).map((r) => r[0])).toEqual([friend.user.uid, me.user.uid]);
    expect(await board(f, undefined, dayOf(now) - 1)).toEqual([]);
    // Nobody across a block.
    await stranger.ok(api.people.blockUser, { userId: friend.user.uid });
    expect((await board(s)).map((r) => r[0])).not.toContain(friend.user.uid);
  });

  it('a game begun before midnight UTC finishes after it, and its score still counts', async () => {
    startClock();
    const midnight = (dayOf(now) + 1) * DAY_MS;
    later(midnight - now - 30_000);
    const p = await player(await member(t.app));
    const game = await start(p);
    const word = answer();
    later(60_000);
    const done = ((await guess(p, word, game.day)).body.PalabraGame as PalabraGame[])[0];
    expect(done).toMatchObject({ day: game.day, solved: true });
    expect((await submit(p, done.score)).status).toBe(200);
    expect((await start(p)).day).toBe(game.day + 1); // today's is a new game
  });
});
