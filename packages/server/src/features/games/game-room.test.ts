import { api, type ChatEntry, type ChatRoom, type Game, RoomType } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMember, dialects, member, testApp } from '../../../tests/_util';
import { gameRooms } from '../chat/game-rooms';
import { registerGame } from './_games-test';

describe.each(dialects)('a game’s chat room on $name', (dialect) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let admin: Awaited<ReturnType<typeof member>>;
  beforeAll(async () => {
    t = await testApp(dialect);
    admin = await adminMember(t);
  });
  afterAll(() => t.close());

  const roomsOf = async (gid: number) =>
    t.deps.db.selectFrom('chat_rooms').select(['id', 'room_type']).where('game_id', '=', gid).execute();

  it('registering a game makes its room (type 5); its page names that room', async () => {
    const game = await registerGame(admin);
    const rooms = await roomsOf(game.id);
    expect(rooms).toEqual([{ id: expect.any(Number), room_type: RoomType.GAME_CHAT }]);
    const m = await member(t.app);
    const [page] = (await m.ok(api.game.getGame, { gid: game.id })) as Game[];
    expect(page.roomId).toBe(rooms[0].id);
    expect(await roomsOf(game.id)).toHaveLength(1);
  });

  it('a game registered before rooms gets exactly one, however many pages ask at once', async () => {
    const gid = 700 + Math.floor(Math.random() * 250);
    const now = Date.now();
    await t.deps.db
      .insertInto('games')
      .values({
        id: gid,
        name: 'Juego antiguo',
        kind: 'builtin',
        url: '/games-builtin/x/',
        created_at: now,
        updated_at: now,
      })
      .execute();
    expect(await roomsOf(gid)).toEqual([]);
    const viewers = [await member(t.app), await member(t.app), await member(t.app)];
    const pages = await Promise.all(
      [...viewers, ...viewers].map(async (v) => ((await v.ok(api.game.getGame, { gid })) as Game[])[0]),
    );
    const ids = new Set(pages.map((p) => p.roomId));
    expect(ids.size).toBe(1);
    const rooms = await roomsOf(gid);
    expect(rooms).toHaveLength(1);
    expect([...ids][0]).toBe(rooms[0].id);
  });

  it('makers racing past the first read still leave one room', async () => {
    const gid = 400 + Math.floor(Math.random() * 250);
    const now = Date.now();
    await t.deps.db
      .insertInto('games')
      .values({
        id: gid,
        name: 'Carrera',
        kind: 'builtin',
        url: '/games-builtin/c/',
        created_at: now,
        updated_at: now,
      })
      .execute();
    // Each maker on its own, so all of them find no room and insert at once.
    const ids = await Promise.all(
      Array.from({ length: 10 }, () => gameRooms(t.deps.db).roomOf({ id: gid, name: 'Carrera' })),
    );
    expect(new Set(ids).size).toBe(1);
    expect(await roomsOf(gid)).toHaveLength(1);
  });

  it('any member enters and speaks, players and spectators alike; the room is not listed', async () => {
    const game = await registerGame(admin);
    const [player, spectator] = [await member(t.app), await member(t.app)];
    const [{ roomId }] = (await player.ok(api.game.getGame, { gid: game.id })) as Game[];
    expect(roomId).toBeDefined();
    const [room] = (await player.ok(api.chat.enterRoom, { roomId: roomId! })) as ChatRoom[];
    expect(room).toMatchObject({ id: roomId, roomType: RoomType.GAME_CHAT, name: game.name });
    await spectator.ok(api.chat.enterRoom, { roomId: roomId! });
    await player.ok(api.chat.sendMessage, { roomId: roomId!, message: '¡Nivel 3 superado!' });
    const lines = (await spectator.ok(api.chat.getMessages, { roomId: roomId! })) as ChatEntry[];
    expect(lines.map((l) => l.message)).toContain('¡Nivel 3 superado!');
    const listed = (await spectator.ok(api.chat.getRooms, { limit: 100 })) as ChatRoom[];
    expect(listed.map((r) => r.id)).not.toContain(roomId);
    // Members still cannot make game rooms themselves: games own them.
    const made = await player.call(api.chat.createRoom, { name: 'Mi sala', roomType: RoomType.GAME_CHAT });
    expect(made.status).toBe(400);
  });
});
