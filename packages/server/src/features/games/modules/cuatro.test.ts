import { api, FeedEventType } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { befriend, feed } from '../../../../tests/_social';
import { adminMember, dialects, member, testApp } from '../../../../tests/_util';
import { cuatroGameId, cuatroPlayer, playOut } from './_cuatro-test';
import { CLOCK_MS, INCREMENT_MS } from './cuatro-rules';

describe.each(dialects)('Cuatro en raya matches on $name', (dialect) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let gid: number;
  beforeAll(async () => {
    t = await testApp(dialect);
    gid = await cuatroGameId(t, await adminMember(t));
  });
  afterAll(() => t.close());

  /** Two friends with the game open, and a match between them already started (a red, b yellow). */
  async function pair() {
    const [ma, mb] = [await member(t.app), await member(t.app)];
    await befriend(ma, mb);
    const [a, b] = [await cuatroPlayer(ma, gid), await cuatroPlayer(mb, gid)];
    const invited = await a.challenge(b.uid);
    const match = await b.answer(invited.id);
    return { a, b, ma, mb, match };
  }

  it('a friend invites, the invitee accepts and the match starts with red to move and full clocks', async () => {
    const [ma, mb] = [await member(t.app), await member(t.app)];
    await befriend(ma, mb);
    const [a, b] = [await cuatroPlayer(ma, gid), await cuatroPlayer(mb, gid)];
    const invited = await a.challenge(b.uid);
    expect(invited).toMatchObject({ status: 'invited', red: { uid: a.uid }, yellow: { uid: b.uid }, you: 1 });
    expect((await a.challenge(b.uid)).id).toBe(invited.id); // asking twice is one invitation
    expect((await b.lobby()).map((m) => m.id)).toContain(invited.id);
    // Only the invitee accepts; the inviter cannot accept for them.
    expect((await a.call(api.game.cuatroAnswer, { matchId: invited.id, accept: true })).status).toBe(403);
    const started = await b.answer(invited.id);
    expect(started).toMatchObject({ status: 'playing', turn: 1, you: 2, moves: [], clockMs: CLOCK_MS });
    expect(started.redMs).toBeGreaterThan(CLOCK_MS - 2000);
    expect((await b.call(api.game.cuatroAnswer, { matchId: invited.id, accept: true })).status).toBe(409);
  });

  it('only friends are invited; strangers and oneself are refused with a reason', async () => {
    const [ma, mc] = [await member(t.app), await member(t.app)];
    const [a] = [await cuatroPlayer(ma, gid), await cuatroPlayer(mc, gid)];
    const res = await a.call(api.game.cuatroChallenge, { opponentId: mc.user.uid });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Solo puedes hacerlo con tus amigos.');
    expect((await a.call(api.game.cuatroChallenge, { opponentId: a.uid })).status).toBe(400);
    expect(
      await t.deps.db.selectFrom('cuatro_matches').where('red_id', '=', a.uid).selectAll().execute(),
    ).toEqual([]);
  });

  it('a declined invitation is closed; a withdrawn open challenge too', async () => {
    const [ma, mb] = [await member(t.app), await member(t.app)];
    await befriend(ma, mb);
    const [a, b] = [await cuatroPlayer(ma, gid), await cuatroPlayer(mb, gid)];
    const invited = await a.challenge(b.uid);
    expect((await b.answer(invited.id, false)).status).toBe('declined');
    const open = await a.challenge();
    expect(open.status).toBe('open');
    expect((await a.answer(open.id, false)).status).toBe('cancelled');
  });

  it('anyone in the room takes an open challenge, once; its maker cannot take it', async () => {
    const [ma, mb, mc] = [await member(t.app), await member(t.app), await member(t.app)];
    const [a, b, c] = [await cuatroPlayer(ma, gid), await cuatroPlayer(mb, gid), await cuatroPlayer(mc, gid)];
    const open = await a.challenge();
    expect((await b.lobby()).map((m) => m.id)).toContain(open.id);
    expect((await a.call(api.game.cuatroAnswer, { matchId: open.id, accept: true })).status).toBe(403);
    const [rb, rc] = await Promise.all([
      b.call(api.game.cuatroAnswer, { matchId: open.id, accept: true }),
      c.call(api.game.cuatroAnswer, { matchId: open.id, accept: true }),
    ]);
    expect([rb.status, rc.status].sort()).toEqual([200, 409]);
    const taken = await a.match(open.id);
    expect(taken.status).toBe('playing');
    expect([b.uid, c.uid]).toContain(taken.yellow?.uid);
  });

  it('validates moves on the server: out of turn, a full column, a stale version, a stranger', async () => {
    const { a, b, match } = await pair();
    const wrong = await b.tryMove(match, 3);
    expect(wrong.status).toBe(409);
    expect(wrong.body.message).toBe('No es tu turno.');
    let m = await playOut(a, b, match, [0, 0, 0, 0, 0, 0]);
    const full = await a.tryMove(m, 0);
    expect(full.status).toBe(400);
    expect(full.body.message).toBe('Esa columna está llena.');
    expect((await a.tryMove(m, 7)).status).toBe(400);
    expect((await a.tryMove(m, 3, m.version - 1)).body.message).toMatch(/La partida cambió/);
    const stranger = await cuatroPlayer(await member(t.app), gid);
    expect((await stranger.tryMove(m, 3)).status).toBe(403);
    m = await a.match(m.id);
    expect(m.moves).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it('four in a row wins, posts the win to friends, and a finished match takes no move', async () => {
    const { a, b, mb, match } = await pair();
    const publish = vi.spyOn(t.deps.effects, 'publish');
    const done = await playOut(a, b, match, [0, 1, 0, 1, 0, 1, 0]);
    expect(done).toMatchObject({ status: 'finished', result: 1, endReason: 'four' });
    const pushed = publish.mock.calls.filter(([, e]) => (e as { type: string }).type === 'gameEvent');
    expect(pushed.at(-1)?.[0]).toEqual(expect.arrayContaining([a.uid, b.uid]));
    expect(pushed.at(-1)?.[1]).toMatchObject({
      gid,
      name: 'match',
      data: { id: match.id, status: 'finished' },
    });
    publish.mockRestore();
    const after = await b.tryMove(done, 3);
    expect(after.status).toBe(409);
    expect(after.body.message).toBe('La partida ya terminó.');
    const events = await feed(mb);
    const types = events.filter((e) => e.userId === a.uid).map((e) => e.type);
    expect(types).toContain(FeedEventType.GAME_100);
    expect(types).toContain(FeedEventType.REALTIME_GAME);
  });

  it('two moves at once: exactly one lands', async () => {
    const { a, match } = await pair();
    const results = await Promise.all([a.tryMove(match, 2), a.tryMove(match, 4), a.tryMove(match, 3)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect((await a.match(match.id)).moves).toHaveLength(1);
  });

  it('clocks: a move adds the increment; a fallen flag ends the match for the other side', async () => {
    const { a, b, match } = await pair();
    const m1 = await a.move(match, 3);
    expect(m1.redMs).toBeGreaterThan(CLOCK_MS + INCREMENT_MS - 2000);
    expect(m1.redMs).toBeLessThanOrEqual(CLOCK_MS + INCREMENT_MS);
    // Yellow's turn began longer ago than its clock holds.
    await t.deps.db
      .updateTable('cuatro_matches')
      .set({ turn_started_at: Date.now() - CLOCK_MS - 1 })
      .where('id', '=', match.id)
      .execute();
    const late = await b.tryMove(m1, 3);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('Se te acabó el tiempo: la partida terminó.');
    const ended = await a.match(match.id);
    expect(ended).toMatchObject({ status: 'finished', result: 1, endReason: 'flag', yellowMs: 0 });
  });

  it('resigning gives the opponent the match; a rematch swaps colours and the other side’s press accepts it', async () => {
    const { a, b, match } = await pair();
    const resigned = await b.resign(match.id);
    expect(resigned).toMatchObject({ status: 'finished', result: 1, endReason: 'resign' });
    expect((await b.call(api.game.cuatroResign, { matchId: match.id })).status).toBe(409);
    const offer = await b.rematch(match.id);
    expect(offer).toMatchObject({
      status: 'invited',
      red: { uid: b.uid },
      yellow: { uid: a.uid },
      inviterId: b.uid,
    });
    expect((await b.rematch(match.id)).id).toBe(offer.id);
    expect((await a.match(match.id)).rematchId).toBe(offer.id);
    const started = await a.rematch(match.id);
    expect(started).toMatchObject({ id: offer.id, status: 'playing', you: 2 });
  });

  it('both pressing rematch at once make one rematch', async () => {
    const { a, b, match } = await pair();
    await a.resign(match.id);
    const [ra, rb] = await Promise.all([a.rematch(match.id), b.rematch(match.id)]);
    expect(ra.id).toBe(rb.id);
    const rows = await t.deps.db
      .selectFrom('cuatro_matches')
      .select('id')
      .where('rematch_of', '=', match.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('friends of a player watch and receive the moves; others may not watch', async () => {
    const { a, ma, match } = await pair();
    const [mf, ms] = [await member(t.app), await member(t.app)];
    await befriend(ma, mf);
    const [friend, stranger] = [await cuatroPlayer(mf, gid), await cuatroPlayer(ms, gid)];
    const watched = await friend.match(match.id);
    expect(watched.you).toBe(0);
    const refused = await stranger.call(api.game.cuatroMatch, { matchId: match.id });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Solo los amigos de los jugadores pueden mirar esta partida.');
    const publish = vi.spyOn(t.deps.effects, 'publish');
    await a.move(match, 3);
    const to = publish.mock.calls.find(([, e]) => (e as { type: string }).type === 'gameEvent')?.[0];
    publish.mockRestore();
    expect(to).toEqual(expect.arrayContaining([friend.uid]));
    expect(to).not.toContain(stranger.uid);
  });

  it('needs the game token: without it nothing is read or changed', async () => {
    const m = await member(t.app);
    const res = await m.call(api.game.cuatroChallenge, { gameId: gid });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Este juego necesita un token de juego.');
    expect(
      await t.deps.db.selectFrom('cuatro_matches').where('red_id', '=', m.user.uid).selectAll().execute(),
    ).toEqual([]);
  });
});
