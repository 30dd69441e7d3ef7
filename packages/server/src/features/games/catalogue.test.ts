import { type AdminGame, api, type Game, type Player, type User } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { befriend } from '../../../tests/_social';
import { adminMember, Client, dialects, member, testApp } from '../../../tests/_util';
import { openGame, registerGame } from './_games-test';

describe.each(dialects)('games catalogue on $name', (dialect) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let admin: Awaited<ReturnType<typeof member>>;
  beforeAll(async () => {
    t = await testApp(dialect);
    admin = await adminMember(t);
  });
  afterAll(() => t.close());

  const listing = async (m: Client, filter?: string) =>
    ((await m.ok(api.game.getGamesListing, { limit: 100, ...(filter ? { filter } : {}) })) as Game[]).map(
      (g) => g.id,
    );

  it('admins register built-in and https games; anything else is refused and nothing stored', async () => {
    const builtin = await registerGame(admin, {
      kind: 'builtin',
      slug: 'palabras',
      url: undefined,
      playText: 'Jugar ya',
    });
    expect(builtin).toMatchObject({
      url: '/games-builtin/palabras/',
      external: false,
      status: 'active',
      playText: 'Jugar ya',
    });
    const external = await registerGame(admin, {
      url: 'https://estudio.example.org/juego/',
      presenceUrl: 'https://estudio.example.org/presence',
    });
    expect(external).toMatchObject({
      external: true,
      requiresHttps: true,
      presenceUrl: 'https://estudio.example.org/presence',
    });
    const count = async () => (await admin.ok(api.gameAdmin.getGames, { limit: 100 })).length;
    const before = await count();
    const refuse = async (params: Record<string, unknown>, field: string, message?: string) => {
      const res = await admin.call(api.gameAdmin.registerGame, { name: 'Mal', kind: 'external', ...params });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.ApiValidationException).toEqual({ field });
      if (message) expect(res.body.message).toBe(message);
    };
    await refuse(
      { url: 'http://inseguro.example.org/' },
      'url',
      'La dirección del juego debe empezar por https://.',
    );
    await refuse({ url: 'javascript:alert(1)' }, 'url');
    await refuse({ url: 'https://a.example.org/', presenceUrl: 'https://b.example.org/p' }, 'presenceUrl');
    await refuse({}, 'url');
    await refuse({ kind: 'builtin' }, 'slug');
    await refuse({ url: 'https://a.example.org/', scoreMin: 10, scoreMax: 1 }, 'scoreMin');
    const taken = await admin.call(api.gameAdmin.registerGame, {
      name: 'Otra',
      kind: 'builtin',
      slug: 'palabras',
    });
    expect(taken.status).toBe(409);
    const chosen = await admin.call(api.gameAdmin.registerGame, {
      name: 'Street',
      kind: 'external',
      url: 'https://sw.example.org/',
      gid: 1000,
    });
    expect((chosen.body.AdminGame as AdminGame[])[0].id).toBe(1000);
    expect(
      (
        await admin.call(api.gameAdmin.registerGame, {
          name: 'Dup',
          kind: 'external',
          url: 'https://sw.example.org/',
          gid: 1000,
        })
      ).status,
    ).toBe(409);
    expect(await count()).toBe(before + 1);
    const m = await member(t.app);
    expect(
      (
        await m.call(api.gameAdmin.registerGame, {
          name: 'X',
          kind: 'external',
          url: 'https://x.example.org/',
        })
      ).status,
    ).toBe(403);
    expect((await m.call(api.gameAdmin.getGames, {})).status).toBe(403);
    expect((await new Client(t.app).call(api.gameAdmin.getGames, {})).status).toBe(401);
  });

  it('admins change, feature, hide and retire games; the listing follows', async () => {
    const game = await registerGame(admin);
    const m = await member(t.app);
    expect(await listing(m)).toContain(game.id);
    expect(await listing(m, 'FEATURED')).not.toContain(game.id);
    await admin.ok(api.gameAdmin.setGameStatus, { gid: game.id, featured: true });
    expect(await listing(m, 'FEATURED')).toContain(game.id);
    expect((await listing(m))[0]).toBe(game.id);
    const [changed] = (await admin.ok(api.gameAdmin.updateGame, {
      gid: game.id,
      name: 'Nuevo nombre',
      dailyRewardCap: 20,
    })) as AdminGame[];
    expect(changed).toMatchObject({ name: 'Nuevo nombre', dailyRewardCap: 20, isFeatured: true });
    expect(
      (await admin.call(api.gameAdmin.updateGame, { gid: game.id, url: 'http://x.example.org/' })).status,
    ).toBe(400);
    await admin.ok(api.gameAdmin.setGameStatus, { gid: game.id, status: 'hidden' });
    expect(await listing(m)).not.toContain(game.id);
    // Hidden: not listed, still opened by link.
    expect(((await m.ok(api.game.getGame, { gid: game.id })) as Game[])[0].name).toBe('Nuevo nombre');
    await admin.ok(api.gameAdmin.setGameStatus, { gid: game.id, status: 'retired' });
    expect((await m.call(api.game.getGame, { gid: game.id })).status).toBe(404);
    expect((await admin.call(api.gameAdmin.setGameStatus, { gid: 987_654, status: 'active' })).status).toBe(
      404,
    );
    expect((await admin.call(api.gameAdmin.setGameStatus, { gid: game.id, status: 'gone' })).status).toBe(
      400,
    );
  });

  it('the listing shows friends playing and weekly players; FRIENDS and RECENT filters', async () => {
    const [played, other] = [await registerGame(admin), await registerGame(admin)];
    const [me, friend, stranger] = [await member(t.app), await member(t.app), await member(t.app)];
    await befriend(me, friend);
    await openGame(friend, played.id);
    await openGame(stranger, played.id);
    await openGame(me, other.id);
    const all = (await me.ok(api.game.getGamesListing, { limit: 100 })) as Game[];
    const shown = all.find((g) => g.id === played.id)!;
    expect(shown.friendsPlaying?.map((u) => u.uid)).toEqual([friend.user.uid]);
    expect(shown.weeklyWkPlayers).toBe(2);
    expect(await listing(me, 'FRIENDS')).toEqual([played.id]);
    expect(await listing(me, 'RECENT')).toEqual([other.id]);
    expect((await me.call(api.game.getGamesListing, { filter: 'BEST' })).status).toBe(400);
    expect((await new Client(t.app).call(api.game.getGamesListing, {})).status).toBe(401);
    // Six friends play: the newest five show, newest first; all count as weekly players.
    const crowd = [];
    for (let i = 0; i < 5; i++) crowd.push(await member(t.app));
    for (const f of crowd) {
      await befriend(me, f);
      await openGame(f, played.id);
    }
    const [busy] = (await me.ok(api.game.getGame, { gid: played.id })) as Game[];
    expect(busy.friendsPlaying?.map((u) => u.uid)).toEqual(crowd.map((f) => f.user.uid).reverse());
    expect(busy.weeklyWkPlayers).toBe(7);
    const [page] = (await me.ok(api.game.getGame, { gid: other.id })) as Game[];
    expect(page).toMatchObject({ id: other.id, leaderboard: [], friendsPlaying: [] });
  });

  it('a member’s games and presence show on their profile by the profile’s rules', async () => {
    const game = await registerGame(admin);
    const [owner, friend, stranger, blocked] = [
      await member(t.app),
      await member(t.app),
      await member(t.app),
      await member(t.app),
    ];
    await befriend(owner, friend);
    const { token } = await openGame(owner, game.id);
    const [player] = (await owner.ok(api.game.setGamePresence, {
      gameId: game.id,
      gameStatus: 'Nivel 7',
      gameStatusUrl: 'level=7',
      token,
    })) as Player[];
    expect(player).toMatchObject({ gameStatus: 'Nivel 7', gameStatusUrl: 'level=7', isPlaying: true });
    const profile = async (viewer: Client) =>
      ((await viewer.ok(api.people.getUserById, { userId: owner.user.uid })) as User[])[0].game;
    expect(await profile(stranger)).toEqual([
      expect.objectContaining({ gameId: game.id, name: game.name, gameStatus: 'Nivel 7' }),
    ]);
    const players = (await stranger.ok(api.game.getGamePlayers, { userId: owner.user.uid })) as Player[];
    expect(players.map((p) => p.game?.id)).toEqual([game.id]);
    const [asGame] = (await friend.ok(api.game.getUser, { userId: owner.user.uid, gid: game.id })) as User[];
    expect(asGame.game).toEqual([expect.objectContaining({ gameId: game.id, gameStatusUrl: 'level=7' })]);
    // Invisible to everyone: the games show, "playing now" does not.
    await t.deps.db
      .updateTable('users')
      .set({ online_visibility: 2 })
      .where('id', '=', owner.user.uid)
      .execute();
    expect((await profile(stranger))?.[0].isPlaying).toBe(false);
    // A private profile keeps its games for friends; a block hides the member altogether.
    await owner.ok(api.buddy.setPrivate, { isPrivate: true });
    expect(await profile(stranger)).toBeUndefined();
    expect(await stranger.ok(api.game.getGamePlayers, { userId: owner.user.uid })).toEqual([]);
    expect((await profile(friend))?.map((g) => g.gameId)).toEqual([game.id]);
    await owner.ok(api.people.blockUser, { userId: blocked.user.uid });
    expect((await blocked.call(api.game.getGamePlayers, { userId: owner.user.uid })).status).toBe(404);
    expect((await blocked.call(api.game.getUser, { userId: owner.user.uid, gid: game.id })).status).toBe(404);
    const long = await owner.call(api.game.setGamePresence, {
      gameId: game.id,
      gameStatus: 'x'.repeat(141),
      token,
    });
    expect(long.status).toBe(400);
    expect((await owner.call(api.game.getGamePlayers, {})).body.ApiValidationException).toEqual({
      field: 'userId',
    });
    expect(
      (await owner.call(api.game.getUser, { userId: owner.user.uid })).body.ApiValidationException,
    ).toEqual({ field: 'gid' });
  });
});
