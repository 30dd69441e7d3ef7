import { api, type FeedEvent, type Message, type User } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { befriend, feed } from '../../../tests/_social';
import { adminMember, Client, dialects, member, testApp } from '../../../tests/_util';
import { openGame, registerGame } from './_games-test';

describe.each(dialects)('games and friends on $name', (dialect) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let admin: Awaited<ReturnType<typeof member>>;
  beforeAll(async () => {
    t = await testApp(dialect);
    admin = await adminMember(t);
  });
  afterAll(() => t.close());

  it('finds friends by name and id, with who plays the game', async () => {
    const game = await registerGame(admin);
    const me = await member(t.app, `yo_${Date.now()}`);
    const ana = await member(t.app, `ana_${Date.now()}`);
    const andres = await member(t.app, `andres_${Date.now()}`);
    const stranger = await member(t.app, `anabel_${Date.now()}`);
    await befriend(me, ana);
    await befriend(me, andres);
    await openGame(ana, game.id);
    const names = async (params: Record<string, unknown>) =>
      ((await me.ok(api.game.getFriendsByName, params)) as User[]).map((u) => u.uid);
    expect(await names({ name: 'AN' })).toEqual([ana.user.uid, andres.user.uid]);
    expect(await names({ name: 'an', installStatus: 'INSTALLED', gid: game.id })).toEqual([ana.user.uid]);
    expect(await names({ name: '', installStatus: 'NOT_INSTALLED', gid: game.id })).toEqual([
      andres.user.uid,
    ]);
    const noGid = await me.call(api.game.getFriendsByName, { name: 'an', installStatus: 'INSTALLED' });
    expect(noGid.status).toBe(400);
    expect(noGid.body.ApiValidationException).toEqual({ field: 'gid' });
    expect((await me.call(api.game.getFriendsByName, {})).status).toBe(400);
    const byId = (await me.ok(api.game.getFriendsById, {
      ids: `${andres.user.uid},${stranger.user.uid},${ana.user.uid}`,
    })) as User[];
    expect(byId.map((u) => u.uid)).toEqual([andres.user.uid, ana.user.uid]);
    expect((await me.call(api.game.getFriendsById, { ids: '1,x' })).status).toBe(400);
    expect(
      (
        await me.call(api.game.getFriendsById, {
          ids: Array.from({ length: 101 }, (_, i) => i + 1).join(','),
        })
      ).status,
    ).toBe(400);
    expect((await new Client(t.app).call(api.game.getFriendsById, { ids: '1' })).status).toBe(401);
  });

  it('lists recent players, by game and gender, without blocked members', async () => {
    const game = await registerGame(admin);
    const [me, a, b] = [await member(t.app), await member(t.app), await member(t.app)];
    await openGame(a, game.id);
    await openGame(b, game.id);
    // a played a minute before b: two opens in the same millisecond would tie (then id order).
    await t.deps.db
      .updateTable('game_players')
      .set({ played_at: Date.now() - 60_000 })
      .where('user_id', '=', a.user.uid)
      .execute();
    await t.deps.db.updateTable('users').set({ gender: 'm' }).where('id', '=', b.user.uid).execute();
    const ids = async (params: Record<string, unknown>) =>
      ((await me.ok(api.game.findRecentPlayers, params)) as User[]).map((u) => u.uid);
    expect(await ids({ gid: game.id })).toEqual([b.user.uid, a.user.uid]);
    expect(await ids({ gid: game.id, gender: 'f' })).toEqual([a.user.uid]);
    expect(await ids({ gid: game.id, minage: 90 })).toEqual([]);
    // Near me: people's rule (the viewer's city in their country).
    const place = (uid: number, city: string) =>
      t.deps.db.updateTable('users').set({ country: 'ES', city }).where('id', '=', uid).execute();
    await place(me.user.uid, 'Sevilla');
    await place(a.user.uid, 'sevilla');
    await place(b.user.uid, 'Bilbao');
    expect(await ids({ gid: game.id, nearme: true })).toEqual([a.user.uid]);
    await me.ok(api.people.blockUser, { userId: b.user.uid });
    expect(await ids({ gid: game.id })).toEqual([a.user.uid]);
    expect((await me.call(api.game.findRecentPlayers, { gender: 'x' })).status).toBe(400);
    expect((await new Client(t.app).call(api.game.findRecentPlayers, {})).status).toBe(401);
  });

  it('posts game events to friends’ feeds through the feed, a few an hour; 202 once an hour', async () => {
    const game = await registerGame(admin);
    const [me, friend, stranger] = [await member(t.app), await member(t.app), await member(t.app)];
    await befriend(me, friend);
    const { token } = await openGame(me, game.id);
    expect(
      await me.ok(api.game.postGameEvent, {
        gameId: game.id,
        type: 101,
        text: '¡Nuevo récord: 900!',
        targetUserId: friend.user.uid,
        token,
      }),
    ).toEqual([true]);
    await me.ok(api.game.postGameEvent, { gameId: game.id, type: 202, text: 'Jugando ahora', token });
    await me.ok(api.game.postGameEvent, { gameId: game.id, type: 202, text: 'Jugando ahora', token });
    const seen = (await feed(friend, { filter: 3 })).filter((e: FeedEvent) => e.userId === me.user.uid);
    expect(seen.map((e) => e.type).sort()).toEqual([101, 202]);
    const record = seen.find((e) => e.type === 101)!;
    expect(record.properties).toMatchObject({
      game: { id: game.id, name: game.name },
      gameText: '¡Nuevo récord: 900!',
    });
    expect(record.properties?.target?.user?.uid).toBe(friend.user.uid);
    expect((await feed(stranger, { filter: 4, userId: me.user.uid })).filter((e) => e.type === 101)).toEqual(
      [],
    );
    const bad = await me.call(api.game.postGameEvent, { gameId: game.id, type: 27, text: 'x', token });
    expect(bad.status).toBe(400);
    const notFriend = await me.call(api.game.postGameEvent, {
      gameId: game.id,
      type: 100,
      text: 'x',
      targetUserId: stranger.user.uid,
      token,
    });
    expect(notFriend.status).toBe(403);
    expect(
      (await me.call(api.game.postGameEvent, { gameId: game.id, type: 100, text: '', token })).status,
    ).toBe(400);
  });

  it('invites a friend with a push and an IM carrying the game link; strangers are refused', async () => {
    const game = await registerGame(admin);
    const [me, friend, stranger] = [await member(t.app), await member(t.app), await member(t.app)];
    await befriend(me, friend);
    const { token } = await openGame(me, game.id);
    const publish = vi.spyOn(t.deps.effects, 'publish');
    expect(
      await me.ok(api.game.inviteToGame, {
        gameId: game.id,
        friendId: friend.user.uid,
        message: '¡Te reto!',
        token,
      }),
    ).toEqual([true]);
    const invite = publish.mock.calls.find(([, e]) => e.type === 'gameInvite');
    expect(invite?.[0]).toEqual([friend.user.uid]);
    expect(invite?.[1]).toMatchObject({
      gameId: game.id,
      gameName: game.name,
      url: `/games?gid=${game.id}`,
      sender: { uid: me.user.uid },
    });
    publish.mockRestore();
    const [conversation] = (await friend.ok(api.messaging.getUserConversations, { maxMessages: 5 })) as {
      messages?: Message[];
    }[];
    expect(JSON.stringify(conversation.messages)).toContain(`/games?gid=${game.id}`);
    const refused = await me.call(api.game.inviteToGame, {
      gameId: game.id,
      friendId: stranger.user.uid,
      token,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Solo puedes hacerlo con tus amigos.');
    expect((await me.call(api.game.inviteToGame, { gameId: game.id, token })).status).toBe(400);
  });

  it('a report from the container names the game', async () => {
    const game = await registerGame(admin);
    const m = await member(t.app);
    expect(await m.ok(api.game.reportGame, { message: 'Se cuelga', gameId: game.id })).toEqual([true]);
    const row = await t.deps.db
      .selectFrom('reports')
      .select(['item_id', 'comment'])
      .where('reporter_id', '=', m.user.uid)
      .executeTakeFirst();
    expect(row).toEqual({ item_id: game.id, comment: 'Se cuelga' });
  });
});
