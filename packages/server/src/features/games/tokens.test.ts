import { api, GameLimits } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMember, Client, dialects, member, testApp } from '../../../tests/_util';
import { openGame, registerGame } from './_games-test';

describe.each(dialects)('game tokens on $name', (dialect) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let admin: Awaited<ReturnType<typeof member>>;
  beforeAll(async () => {
    t = await testApp(dialect);
    admin = await adminMember(t);
  });
  afterAll(() => t.close());

  it('issues a short-lived token for one game and one member, stored only as its hash', async () => {
    const game = await registerGame(admin);
    const m = await member(t.app);
    const before = Date.now();
    const token = await openGame(m, game.id);
    expect(token).toMatchObject({ gameId: game.id, userId: m.user.uid });
    expect(token.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(token.expiresAt).toBeGreaterThanOrEqual(before + GameLimits.TOKEN_TTL_MS);
    expect(token.expiresAt).toBeLessThan(Date.now() + GameLimits.TOKEN_TTL_MS + 1000);
    const rows = await t.deps.db
      .selectFrom('game_tokens')
      .selectAll()
      .where('user_id', '=', m.user.uid)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(token.token);
    // Never the session cookie.
    expect(m.cookieHeader).not.toContain(token.token);
  });

  it('refuses visitors, a missing gid and unknown or retired games', async () => {
    const game = await registerGame(admin);
    expect((await new Client(t.app).call(api.game.getOAuthToken, { gid: game.id })).status).toBe(401);
    const m = await member(t.app);
    const missing = await m.call(api.game.getOAuthToken, {});
    expect(missing.status).toBe(400);
    expect(missing.body.ApiValidationException).toEqual({ field: 'gid' });
    expect(missing.body.message).toBe('Falta el juego.');
    expect((await m.call(api.game.getOAuthToken, { gid: 999_999 })).status).toBe(404);
    const token = await openGame(m, game.id);
    await admin.ok(api.gameAdmin.setGameStatus, { gid: game.id, status: 'retired' });
    const retired = await m.call(api.game.getOAuthToken, { gid: game.id });
    expect(retired.status).toBe(404);
    expect(retired.body.message).toBe('Este juego ya no está disponible.');
    // Retiring ended its tokens.
    const late = await m.call(api.game.submitScore, { gameId: game.id, score: 5, token: token.token });
    expect(late.status).toBe(403);
  });

  it('a token works only for its game and its member; an expired one not at all', async () => {
    const one = await registerGame(admin);
    const two = await registerGame(admin);
    const a = await member(t.app);
    const b = await member(t.app);
    const tokenA = await openGame(a, one.id);
    expect(
      (await a.call(api.game.submitScore, { gameId: one.id, score: 10, token: tokenA.token })).status,
    ).toBe(200);
    const otherGame = await a.call(api.game.submitScore, { gameId: two.id, score: 10, token: tokenA.token });
    expect(otherGame.status).toBe(403);
    expect(otherGame.body.message).toBe('Este token es de otro juego.');
    // b's session with a's token: a score for another member is refused.
    const otherMember = await b.call(api.game.submitScore, {
      gameId: one.id,
      score: 10,
      token: tokenA.token,
    });
    expect(otherMember.status).toBe(403);
    expect(otherMember.body.message).toBe('Este token es de otro miembro.');
    const none = await a.call(api.game.submitScore, { gameId: one.id, score: 10 });
    expect(none.status).toBe(403);
    const forged = await a.call(api.game.submitScore, { gameId: one.id, score: 10, token: 'x'.repeat(43) });
    expect(forged.status).toBe(403);
    await t.deps.db
      .updateTable('game_tokens')
      .set({ expires_at: Date.now() - 1 })
      .where('user_id', '=', a.user.uid)
      .execute();
    const expired = await a.call(api.game.submitScore, { gameId: one.id, score: 20, token: tokenA.token });
    expect(expired.status).toBe(403);
    expect(expired.body.message).toContain('caducado');
    const best = await t.deps.db
      .selectFrom('game_scores')
      .select('score')
      .where('user_id', 'in', [a.user.uid, b.user.uid])
      .execute();
    expect(best.map((r) => r.score)).toEqual([10, 10]);
  });

  it("a game's own server uses the token as a bearer header, without a cookie", async () => {
    const game = await registerGame(admin);
    const m = await member(t.app);
    const token = await openGame(m, game.id);
    const server = new Client(t.app);
    const ok = await server.call(
      api.game.submitScore,
      { gameId: game.id, score: 77 },
      { authorization: `Bearer ${token.token}` },
    );
    expect(ok.status).toBe(200);
    expect(ok.body.LeaderboardItem).toEqual([
      expect.objectContaining({ userId: m.user.uid, score: 77, rank: 1 }),
    ]);
    const bad = await server.call(
      api.game.submitScore,
      { gameId: game.id, score: 78 },
      { authorization: 'Bearer nottherighttokenatallnope' },
    );
    expect(bad.status).toBe(401);
    expect((await server.call(api.game.submitScore, { gameId: game.id, score: 78 })).status).toBe(401);
  });

  it('extendGameSession keeps the token alive, never past its bound, and marks the member playing', async () => {
    const game = await registerGame(admin);
    const m = await member(t.app);
    const token = await openGame(m, game.id);
    const missing = await m.call(api.game.extendGameSession, { token: token.token });
    expect(missing.status).toBe(400);
    expect(missing.body.ApiValidationException).toEqual({ field: 'gameId' });
    const [extended] = (await m.ok(api.game.extendGameSession, { gameId: game.id, token: token.token })) as {
      expiresAt: number;
    }[];
    expect(extended.expiresAt).toBeGreaterThanOrEqual(token.expiresAt);
    // Issued long ago: the bound holds.
    const issued = Date.now() - GameLimits.TOKEN_MAX_MS + 60_000;
    await t.deps.db
      .updateTable('game_tokens')
      .set({ created_at: issued })
      .where('user_id', '=', m.user.uid)
      .execute();
    const [bounded] = (await m.ok(api.game.extendGameSession, { gameId: game.id, token: token.token })) as {
      expiresAt: number;
    }[];
    expect(bounded.expiresAt).toBe(issued + GameLimits.TOKEN_MAX_MS);
    const [player] = (await m.ok(api.game.getGamePlayers, { userId: m.user.uid })) as {
      isPlaying: boolean;
    }[];
    expect(player.isPlaying).toBe(true);
    expect((await new Client(t.app).call(api.game.extendGameSession, { gameId: game.id })).status).toBe(401);
  });
});
