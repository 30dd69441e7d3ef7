import {
  api,
  type ChatConfiguration,
  type ChatEntry,
  type ChatModerationEntry,
  type ChatRoom,
  type Emoticon,
  type LeaderboardEntry,
  type User,
} from '@tertulia/contract';
import { describe, expect, it } from 'vitest';
import { Client, dialects, listeningApp, member } from '../../../tests/_util';
import { STALE_MS } from '../../push/presence';
import { roomSteps } from './_test-room';

type Member = Awaited<ReturnType<typeof member>>;

describe.each(dialects)('chat on $name', (dialect) => {
  const app = listeningApp(dialect);

  const setUser = app.setUser;
  const create = async (owner: Member, roomType = 2, extra: Record<string, unknown> = {}) =>
    (
      (await owner.ok(api.chat.createRoom, {
        name: `Sala ${Math.random().toString(36).slice(2, 8)}`,
        roomType,
        ...extra,
      })) as ChatRoom[]
    )[0];
  // Shared with the chat safety tests.
  const { enter, socketOf, drain } = roomSteps(app);
  const say = async (who: Member, roomId: number, message: string) =>
    (await who.ok(api.chat.sendMessage, { roomId, message })) as ChatEntry[];
  const messages = async (who: Member, roomId: number, extra: Record<string, unknown> = {}) =>
    ((await who.ok(api.chat.getMessages, { roomId, ...extra })) as ChatEntry[]).map((e) => e.message);
  const usersIn = async (who: Member, roomId: number, extra: Record<string, unknown> = {}) =>
    ((await who.ok(api.chat.getUsersInChatRoom, { roomId, ...extra })) as User[]).map((u) => u.uid);
  const kindOf = (body: Record<string, unknown>) => Object.keys(body).find((k) => k.endsWith('Exception'));
  const entryCount = async () =>
    Number(
      (
        await app.t.deps.db
          .selectFrom('chat_entries')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const befriend = async (a: Member, b: Member) => {
    const [id] = (await a.ok(api.buddy.sendUserBuddyRequest, { receivingUserId: b.user.uid })) as number[];
    await b.ok(api.buddy.acceptFriendshipRequest, { offlineMessageId: id });
  };

  it('requires login', async () => {
    const anonymous = new Client(app.t.app);
    const res = await anonymous.call(api.chat.getRooms);
    expect(res.status).toBe(401);
    expect(kindOf(res.body)).toBe('ApiLoginRequiredException');
  });

  describe('rooms', () => {
    it('lists the seeded public rooms by category and locale; admins alone make public rooms', async () => {
      const a = await member(app.t.app);
      const spanish = (await a.ok(api.chat.getRooms, { locale: 'es' })) as ChatRoom[];
      expect(spanish.length).toBeGreaterThanOrEqual(5);
      expect(spanish.every((r) => r.locale === 'es' && r.roomType === 0)).toBe(true);
      expect(spanish[0]).toMatchObject({
        displayName: expect.any(String),
        categoryName: expect.any(String),
        maxUsers: 200,
        usersCount: 0,
        isOwner: false,
        isModerator: false,
        isNearMe: false,
      });
      const general = (await a.ok(api.chat.getRooms, {
        categoryName: 'General',
        locale: 'en',
      })) as ChatRoom[];
      expect(general.map((r) => r.name)).toEqual(['lounge']);

      const refused = await a.call(api.chat.createRoom, { name: 'Oficial', roomType: 0 });
      expect(refused.status).toBe(403);
      await setUser(a.user.uid, { is_admin: 1 });
      const made = await create(a, 0, { categoryName: 'Noticias', locale: 'es' });
      expect(made).toMatchObject({ roomType: 0, categoryName: 'Noticias', isOwner: false });
      const news = (await a.ok(api.chat.getRooms, { categoryName: 'Noticias' })) as ChatRoom[];
      expect(news.map((r) => r.id)).toEqual([made.id]);
      const tooShort = await a.call(api.chat.createRoom, { name: 'x', roomType: 2 });
      expect(tooShort.status).toBe(400);
      // The room's name, not "el nombre de usuario" (the label of `name` elsewhere).
      expect(tooShort.body.message).toMatch(/^Revisa el nombre de la sala: /);
      expect(tooShort.body.ApiValidationException).toEqual({ field: 'name' });
    });

    it('orders by popularity and finds rooms near me; private rooms are not listed', async () => {
      const a = await member(app.t.app);
      const b = await member(app.t.app);
      await setUser(a.user.uid, { country: 'Perú' });
      await setUser(b.user.uid, { country: 'perú' });
      const a2 = Object.assign(a, {});
      const busy = await create(a2, 2, { categoryName: 'Popular' });
      const quiet = await create(a2, 2, { categoryName: 'Popular' });
      const hidden = await create(a2, 3, { categoryName: 'Popular' });
      await enter(a, busy.id);
      await enter(b, busy.id);
      await enter(b, quiet.id);
      const popular = (await b.ok(api.chat.getRooms, {
        categoryName: 'Popular',
        sort: 'popularity',
      })) as ChatRoom[];
      expect(popular.map((r) => [r.id, r.usersCount])).toEqual([
        [busy.id, 2],
        [quiet.id, 1],
      ]);
      expect(popular.map((r) => r.id)).not.toContain(hidden.id);
      const near = (await b.ok(api.chat.getRooms, { sort: 'nearMe' })) as ChatRoom[];
      expect(near.map((r) => r.id)).toEqual(expect.arrayContaining([busy.id, quiet.id]));
      expect(near.every((r) => r.isNearMe)).toBe(true);
    });

    it('gives every member one profile room, made on demand', async () => {
      const a = await member(app.t.app);
      const b = await member(app.t.app);
      const mine = await create(a, 1);
      expect(mine).toMatchObject({ roomType: 1, isOwner: true, isModerator: true, name: a.user.name });
      expect((await create(a, 1)).id).toBe(mine.id);
      const seen = ((await b.ok(api.chat.getRoom, { userId: a.user.uid })) as ChatRoom[])[0];
      expect(seen).toMatchObject({ id: mine.id, isOwner: false });
      const byId = ((await b.ok(api.chat.getRoom, { roomId: mine.id })) as ChatRoom[])[0];
      expect(byId.id).toBe(mine.id);
      expect((await b.call(api.chat.getRoom, {})).status).toBe(400);
      expect((await b.call(api.chat.getRoom, { roomId: 999999 })).status).toBe(404);
    });

    it('enters and leaves, lists, searches and counts who is in, and remembers recent rooms', async () => {
      const owner = await member(app.t.app);
      const b = await member(app.t.app, `bea_${Math.random().toString(36).slice(2, 7)}`);
      const room = await create(owner, 2);
      await enter(owner, room.id);
      await new Promise((r) => setTimeout(r, 5));
      expect(await enter(b, room.id)).toMatchObject({ id: room.id, usersCount: 2 });
      expect(await usersIn(owner, room.id, { sortByEntryTime: true })).toEqual([b.user.uid, owner.user.uid]);
      const found = (await owner.ok(api.chat.searchUsersInRoom, { roomId: room.id, name: 'bea_' })) as User[];
      expect(found.map((u) => u.uid)).toEqual([b.user.uid]);
      expect(await owner.ok(api.chat.getUsersCountInRoom, { roomId: room.id })).toEqual([2]);
      const recent = (await b.ok(api.chat.getRecentChatRooms)) as ChatRoom[];
      expect(recent[0].id).toBe(room.id);
      expect(await b.ok(api.chat.leaveRoom, { roomId: room.id })).toEqual([true]);
      expect(await owner.ok(api.chat.getUsersCountInRoom, { roomId: room.id })).toEqual([1]);
      expect(await b.ok(api.chat.leaveRoom, {})).toEqual([false]);
      expect(((await b.ok(api.chat.getRecentChatRooms)) as ChatRoom[])[0].id).toBe(room.id);
    });

    it('drops members whose sockets are all gone after the grace period', async () => {
      const owner = await member(app.t.app);
      const b = await member(app.t.app);
      const room = await create(owner, 2);
      await enter(owner, room.id);
      await enter(b, room.id);
      const socket = await socketOf(owner);
      // Both entered long ago: b has no socket, the owner has one.
      await app.t.deps.db
        .updateTable('chat_room_members')
        .set({ entered_at: Date.now() - STALE_MS - 1000 })
        .where('room_id', '=', room.id)
        .execute();
      expect(await usersIn(owner, room.id)).toEqual([owner.user.uid]);
      const frames = await drain(socket, owner.user.uid);
      expect(frames).toContainEqual(
        expect.objectContaining({
          type: 'chatRoomUser',
          action: 'left',
          user: expect.objectContaining({ uid: b.user.uid }),
        }),
      );
      await socket.close();
    });

    it('keeps a full room closed, except to its owner', async () => {
      const owner = await member(app.t.app);
      const b = await member(app.t.app);
      const d = await member(app.t.app);
      const room = await create(owner, 2, { maxUsers: 2 });
      await enter(b, room.id);
      await enter(d, room.id);
      const e = await member(app.t.app);
      const full = await e.call(api.chat.enterRoom, { roomId: room.id });
      expect(full.status).toBe(403);
      expect(full.body.message).toBe('La sala está llena. Prueba otra vez en un rato.');
      await enter(owner, room.id);
      expect(await owner.ok(api.chat.getUsersCountInRoom, { roomId: room.id })).toEqual([3]);
      // Someone already in may enter again.
      await enter(b, room.id);
    });

    it('admits only friends and invitees to a private room, and invitees to an invite-only one', async () => {
      const owner = await member(app.t.app);
      const friend = await member(app.t.app);
      const stranger = await member(app.t.app);
      await befriend(owner, friend);
      const priv = await create(owner, 3);
      expect((await stranger.call(api.chat.enterRoom, { roomId: priv.id })).status).toBe(403);
      expect((await stranger.call(api.chat.getMessages, { roomId: priv.id })).status).toBe(403);
      await enter(friend, priv.id);
      const only = await create(owner, 4);
      const refused = await friend.call(api.chat.enterRoom, { roomId: only.id });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe('A esta sala solo se entra con invitación.');
      expect(
        await owner.ok(api.chat.sendChatInvite, {
          roomId: only.id,
          destinationUserNames: [friend.user.name],
          roomName: 'Mi sala',
          acceptedRequest: true,
        }),
      ).toEqual([1]);
      await enter(friend, only.id);
      await owner.ok(api.chat.sendChatInvite, {
        roomId: priv.id,
        destinationUserNames: [stranger.user.name],
        roomName: 'Privada',
        message: 'Ven',
      });
      await enter(stranger, priv.id);
    });
  });

  describe('messages', () => {
    it('posts for members in the room only, non-empty, and returns entries with the sender and colour', async () => {
      const owner = await member(app.t.app);
      const b = await member(app.t.app);
      const room = await create(owner, 2);
      const before = await entryCount();
      const outside = await b.call(api.chat.sendMessage, { roomId: room.id, message: 'hola' });
      expect(outside.status).toBe(403);
      expect(outside.body.message).toBe('Entra en la sala para escribir en ella.');
      await enter(b, room.id);
      const empty = await b.call(api.chat.sendMessage, { roomId: room.id, message: '   ' });
      expect(empty.status).toBe(400);
      expect((await b.call(api.chat.sendMessage, { roomId: room.id })).status).toBe(400);
      expect(await entryCount()).toBe(before);
      await b.ok(api.chat.setColor, { color: '#2980b9' });
      await b.ok(api.chat.setBgColor, { color: '#ffffff' });
      const [entry] = await say(b, room.id, '¡Hola a todos!');
      expect(entry).toMatchObject({
        message: '¡Hola a todos!',
        color: '#2980B9',
        bgColor: '#FFFFFF',
        messageType: 0,
        emoticonPath: 'default',
        isGag: false,
        user: { uid: b.user.uid, name: b.user.name },
      });
      const since = entry.timestamp!;
      await enter(owner, room.id);
      await new Promise((r) => setTimeout(r, 5));
      const after = await owner.ok(api.chat.sendMessage, {
        roomId: room.id,
        message: 'Bienvenida',
        minTimestamp: since - 1,
      });
      expect((after as ChatEntry[]).map((e) => e.message)).toEqual(['¡Hola a todos!', 'Bienvenida']);
      expect(await messages(owner, room.id)).toEqual(['¡Hola a todos!', 'Bienvenida']);
      expect(await messages(owner, room.id, { minTimestamp: since })).toEqual(['Bienvenida']);
      expect(await messages(owner, room.id, { maxNumberMessages: 1 })).toEqual(['Bienvenida']);
    });

    it('refuses a gagged member until the gag expires, and shows the expiration in the configuration', async () => {
      const b = await member(app.t.app);
      const room = await create(b, 2);
      await enter(b, room.id);
      const until = Date.now() + 60_000;
      await setUser(b.user.uid, { chat_gag_until: until });
      const gagged = await b.call(api.chat.sendMessage, { roomId: room.id, message: 'hola' });
      expect(gagged.status).toBe(403);
      expect(gagged.body.ApiForbiddenException).toEqual({ chatGagExpiration: until });
      expect(((await b.ok(api.chat.getChatConfiguration)) as ChatConfiguration[])[0].chatGagExpiration).toBe(
        until,
      );
      await setUser(b.user.uid, { chat_gag_until: Date.now() - 1 });
      await say(b, room.id, 'ya puedo');
    });

    it('limits flooding', async () => {
      const b = await member(app.t.app);
      const room = await create(b, 2);
      await enter(b, room.id);
      for (let i = 0; i < 10; i++) await say(b, room.id, `línea ${i}`);
      const flooded = await b.call(api.chat.sendMessage, { roomId: room.id, message: 'otra' });
      expect(flooded.status).toBe(429);
      expect(kindOf(flooded.body)).toBe('ApiRateLimitException');
    });

    it('delivers every entry live to everyone in the room, except to members who ignore the sender', async () => {
      const a = await member(app.t.app);
      const b = await member(app.t.app);
      const d = await member(app.t.app);
      const room = await create(a, 2);
      for (const who of [a, b, d]) await enter(who, room.id);
      await d.ok(api.chat.ignoreUser, { userId: a.user.uid });
      expect(await d.ok(api.chat.isUserIgnored, { userId: a.user.uid })).toEqual([true]);
      const [sa, sb, sd] = [await socketOf(a), await socketOf(b), await socketOf(d)];
      await say(a, room.id, 'en directo');
      await say(b, room.id, 'respuesta');
      const lines = (frames: { type: string; [k: string]: unknown }[]) =>
        frames.filter((f) => f.type === 'chatEntry').map((f) => (f.entry as ChatEntry).message);
      expect(lines(await drain(sa, a.user.uid))).toEqual(['en directo', 'respuesta']);
      const fb = await drain(sb, b.user.uid);
      expect(lines(fb)).toEqual(['en directo', 'respuesta']);
      expect(fb[0]).toMatchObject({ roomId: room.id, entry: { user: { uid: a.user.uid } } });
      expect(lines(await drain(sd, d.user.uid))).toEqual(['respuesta']);
      expect(await messages(d, room.id)).toEqual(['respuesta']);
      await d.ok(api.chat.unignoreUser, { userId: a.user.uid });
      expect(await d.ok(api.chat.isUserIgnored, { userId: a.user.uid })).toEqual([false]);
      expect(await messages(d, room.id)).toEqual(['en directo', 'respuesta']);
      expect((await d.call(api.chat.ignoreUser, { userId: d.user.uid })).status).toBe(400);
      await Promise.all([sa.close(), sb.close(), sd.close()]);
    });

    it('sends private messages inside a room, with unread counts and the chatPrivateMessage push', async () => {
      const a = await member(app.t.app);
      const b = await member(app.t.app);
      const outsider = await member(app.t.app);
      const room = await create(a, 2);
      await enter(a, room.id);
      await enter(b, room.id);
      expect(
        (
          await a.call(api.chat.sendPrivateMessage, {
            roomId: room.id,
            userId: outsider.user.uid,
            message: 'hola',
          })
        ).status,
      ).toBe(403);
      const sb = await socketOf(b);
      const entry = (
        (await a.ok(api.chat.sendPrivateMessage, {
          roomId: room.id,
          userId: b.user.uid,
          message: 'solo para ti',
        })) as ChatEntry[]
      )[0];
      expect(entry).toMatchObject({
        messageType: 1,
        destinationUser: { uid: b.user.uid },
        user: { uid: a.user.uid },
      });
      expect(await drain(sb, b.user.uid)).toEqual([
        {
          type: 'chatPrivateMessage',
          roomId: room.id,
          sender: expect.objectContaining({ uid: a.user.uid }),
          message: 'solo para ti',
        },
      ]);
      expect(await messages(b, room.id)).toEqual([]);
      expect(await b.ok(api.chat.getUnreadPrivateMessagesCount, { roomId: room.id })).toEqual([1]);
      expect(await b.ok(api.chat.getUnreadPrivateMessagesCount, {})).toEqual([1]);
      const got = (await b.ok(api.chat.getPrivateMessages, {
        roomId: room.id,
        markAsRead: true,
      })) as ChatEntry[];
      expect(got.map((e) => e.message)).toEqual(['solo para ti']);
      expect(await b.ok(api.chat.getUnreadPrivateMessagesCount, { roomId: room.id })).toEqual([0]);
      expect(((await a.ok(api.chat.getPrivateMessages, { roomId: room.id })) as ChatEntry[]).length).toBe(1);
      await b.ok(api.chat.ignoreUser, { userId: a.user.uid });
      expect(
        (await a.call(api.chat.sendPrivateMessage, { roomId: room.id, userId: b.user.uid, message: 'otra' }))
          .status,
      ).toBe(403);
      await sb.close();
    });
  });

  describe('look', () => {
    it('offers colours and emoticon themes, accepts only those offered, and keeps the settings', async () => {
      const a = await member(app.t.app);
      const colors = (await a.ok(api.chat.getPossibleColors)) as string[];
      expect(colors).toContain('#C0392B');
      const missing = await a.call(api.chat.setColor, { color: '' });
      expect(missing.status).toBe(400);
      expect((await a.call(api.chat.setColor, {})).status).toBe(400);
      const other = await a.call(api.chat.setBgColor, { color: '#123456' });
      expect(other.status).toBe(400);
      expect(other.body.message).toBe('Elige uno de los colores ofrecidos.');
      await a.ok(api.chat.setColor, { color: '#c0392b' });
      await a.ok(api.chat.setBgColor, { color: '#FFFFFF' });
      const emoticons = (await a.ok(api.chat.getPossibleEmoticons)) as Emoticon[];
      expect(emoticons[0]).toMatchObject({ name: 'smile', path: 'default' });
      expect((await a.call(api.chat.setEmoticonPath, { path: 'nope' })).status).toBe(400);
      await a.ok(api.chat.setEmoticonPath, { path: 'clasico' });
      expect(((await a.ok(api.chat.getPossibleEmoticons)) as Emoticon[])[0].path).toBe('clasico');
      expect(((await a.ok(api.chat.getPossibleEmoticons, { path: 'contorno' })) as Emoticon[])[0].path).toBe(
        'contorno',
      );
      expect((await a.call(api.chat.setLayoutStyle, { style: 'huge' })).status).toBe(400);
      await a.ok(api.chat.setLayoutStyle, { style: 'compact' });
      await a.ok(api.chat.setCollapseImages, { collapse: 'true' });
      expect(await a.ok(api.chat.getChatConfiguration)).toEqual([
        {
          color: '#C0392B',
          bgColor: '#FFFFFF',
          emoticonPath: 'clasico',
          layoutStyle: 'compact',
          collapseImages: true,
          chatGagExpiration: 0,
        },
      ]);
    });
  });

  describe('moderation', () => {
    async function setup() {
      const owner = await member(app.t.app);
      const mod = await member(app.t.app);
      const b = await member(app.t.app);
      const room = await create(owner, 2);
      for (const who of [owner, mod, b]) await enter(who, room.id);
      return { owner, mod, b, room };
    }

    it('lets the owner name moderators, who kick members for a while', async () => {
      const { owner, mod, b, room } = await setup();
      expect((await mod.call(api.chat.addModerator, { userId: b.user.uid, roomId: room.id })).status).toBe(
        403,
      );
      expect(await owner.ok(api.chat.addModerator, { userId: mod.user.uid, roomId: room.id })).toEqual([
        true,
      ]);
      expect(await b.ok(api.chat.isModerator, { roomId: room.id, userId: mod.user.uid })).toEqual([true]);
      expect(await b.ok(api.chat.isModerator, { roomId: room.id, userId: owner.user.uid })).toEqual([true]);
      expect(await b.ok(api.chat.isModerator, { roomId: room.id })).toEqual([false]);
      const bosses = (await b.ok(api.chat.getChatRoomOwnerAndModerators, { roomId: room.id })) as User[];
      expect(bosses.map((u) => u.uid)).toEqual([owner.user.uid, mod.user.uid]);
      expect(((await mod.ok(api.chat.getRoom, { roomId: room.id })) as ChatRoom[])[0]).toMatchObject({
        isModerator: true,
        isOwner: false,
      });

      expect((await b.call(api.chat.kickUser, { userId: mod.user.uid, roomId: room.id })).status).toBe(403);
      const sb = await socketOf(b);
      expect(await mod.ok(api.chat.kickUser, { userId: b.user.uid, roomId: room.id })).toEqual([true]);
      expect(await drain(sb, b.user.uid)).toContainEqual(
        expect.objectContaining({ type: 'chatRoomUser', action: 'kicked', roomId: room.id }),
      );
      expect(await usersIn(owner, room.id)).not.toContain(b.user.uid);
      const back = await b.call(api.chat.enterRoom, { roomId: room.id });
      expect(back.status).toBe(403);
      expect(back.body.message).toContain('expulsaron');
      await app.t.deps.db
        .updateTable('chat_room_roles')
        .set({ until: Date.now() - 1 })
        .where('user_id', '=', b.user.uid)
        .execute();
      await enter(b, room.id);
      await sb.close();
    });

    it('protects the owner and moderators, and blocks for the longest bound (30 days)', async () => {
      const { owner, mod, b, room } = await setup();
      await owner.ok(api.chat.addModerator, { userId: mod.user.uid, roomId: room.id });
      const other = await member(app.t.app);
      await enter(other, room.id);
      await owner.ok(api.chat.addModerator, { userId: other.user.uid, roomId: room.id });
      expect((await mod.call(api.chat.kickUser, { userId: owner.user.uid, roomId: room.id })).status).toBe(
        403,
      );
      expect((await mod.call(api.chat.blockUser, { userId: other.user.uid, roomId: room.id })).status).toBe(
        403,
      );
      expect(
        (await mod.call(api.chat.removeModerator, { userId: other.user.uid, roomId: room.id })).status,
      ).toBe(403);
      expect((await owner.call(api.chat.kickUser, { userId: owner.user.uid, roomId: room.id })).status).toBe(
        400,
      );
      expect((await owner.call(api.chat.kickUser, { userId: 99999999, roomId: room.id })).status).toBe(404);
      expect((await owner.call(api.chat.kickUser, { userId: b.user.uid })).status).toBe(400);
      expect(await owner.ok(api.chat.removeModerator, { userId: other.user.uid, roomId: room.id })).toEqual([
        true,
      ]);
      expect(await owner.ok(api.chat.removeModerator, { userId: other.user.uid, roomId: room.id })).toEqual([
        false,
      ]);
      expect(await mod.ok(api.chat.blockUser, { userId: b.user.uid, roomId: room.id })).toEqual([true]);
      expect((await b.call(api.chat.enterRoom, { roomId: room.id })).status).toBe(403);
      await app.t.deps.db
        .updateTable('chat_room_roles')
        .set({ created_at: 0 })
        .where('user_id', '=', b.user.uid)
        .execute();
      expect((await b.call(api.chat.enterRoom, { roomId: room.id })).status).toBe(403);
      expect((await b.call(api.chat.sendMessage, { roomId: room.id, message: 'hola' })).status).toBe(403);

      // Only the room's bosses unblock; then the member may enter again.
      expect((await other.call(api.chat.unblockUser, { userId: b.user.uid, roomId: room.id })).status).toBe(
        403,
      );
      expect((await mod.call(api.chat.unblockUser, { userId: b.user.uid })).status).toBe(400);
      expect(await mod.ok(api.chat.unblockUser, { userId: b.user.uid, roomId: room.id })).toEqual([true]);
      expect(await mod.ok(api.chat.unblockUser, { userId: b.user.uid, roomId: room.id })).toEqual([false]);
      expect(await b.ok(api.chat.enterRoom, { roomId: room.id })).toMatchObject([{ id: room.id }]);

      const log = (await owner.ok(api.chat.getModerationLog, { roomId: room.id })) as ChatModerationEntry[];
      expect(log.map((e) => e.action)).toEqual([
        'unblock',
        'block',
        'removeModerator',
        'addModerator',
        'addModerator',
      ]);
      expect(log[1]).toMatchObject({ actor: { uid: mod.user.uid }, target: { uid: b.user.uid } });
      expect((await mod.ok(api.chat.getModerationLog, { roomId: room.id })).length).toBe(5);
      expect((await other.call(api.chat.getModerationLog, { roomId: room.id })).status).toBe(403);
    });

    it('lets moderators and admins gag, and the owner delete the room', async () => {
      const { owner, mod, b, room } = await setup();
      await say(b, room.id, 'antes del silencio');
      expect((await b.call(api.chat.gagUser, { userId: mod.user.uid, roomId: room.id })).status).toBe(403);
      await owner.ok(api.chat.addModerator, { userId: mod.user.uid, roomId: room.id });
      expect((await mod.call(api.chat.gagUser, { userId: owner.user.uid, roomId: room.id })).status).toBe(
        403,
      );
      expect((await mod.call(api.chat.gagUser, { userId: b.user.uid })).status).toBe(400);
      expect(await mod.ok(api.chat.gagUser, { userId: b.user.uid, roomId: room.id, minutes: 5 })).toEqual([
        true,
      ]);
      expect((await b.call(api.chat.sendMessage, { roomId: room.id, message: 'hola' })).status).toBe(403);
      // The room sees who is muted now.
      const lines = (await owner.ok(api.chat.getMessages, { roomId: room.id })) as ChatEntry[];
      expect(lines.map((e) => [e.message, e.isGag])).toEqual([['antes del silencio', true]]);
      // A room's gag holds in that room only: it shows on the room, not in the site-wide setting.
      const [inRoom] = (await b.ok(api.chat.getRoom, { roomId: room.id })) as ChatRoom[];
      expect(inRoom.gagExpiration).toBeGreaterThan(Date.now() + 4 * 60_000);
      const gag = ((await b.ok(api.chat.getChatConfiguration)) as ChatConfiguration[])[0].chatGagExpiration;
      expect(gag).toBe(0);
      const admin = await member(app.t.app);
      await setUser(admin.user.uid, { is_admin: 1 });
      // Their view of the room offers them the moderator's tools, without making them its owner.
      expect(await admin.ok(api.chat.getRoom, { roomId: room.id })).toMatchObject([
        { isModerator: true, isOwner: false },
      ]);
      expect(await admin.ok(api.chat.gagUser, { userId: mod.user.uid, minutes: 1 })).toEqual([true]);
      expect((await mod.call(api.chat.sendMessage, { roomId: room.id, message: 'hola' })).status).toBe(403);

      expect((await mod.call(api.chat.deleteRoom, { roomId: room.id })).status).toBe(403);
      const so = await socketOf(owner);
      expect(await owner.ok(api.chat.deleteRoom, { roomId: room.id })).toEqual([true]);
      expect(await drain(so, owner.user.uid)).toContainEqual({ type: 'chatRoomDeleted', roomId: room.id });
      expect((await b.call(api.chat.getRoom, { roomId: room.id })).status).toBe(404);
      await so.close();
    });

    it('files chat reports', async () => {
      const a = await member(app.t.app);
      const b = await member(app.t.app);
      expect(await a.ok(api.chat.reportChatUser, { userId: b.user.uid, comment: 'insulta' })).toEqual([true]);
      expect((await a.call(api.chat.reportChatUser, { userId: a.user.uid })).status).toBe(400);
      expect((await a.call(api.chat.reportChatUser, {})).status).toBe(400);
      const row = await app.t.deps.db
        .selectFrom('reports')
        .selectAll()
        .where('reporter_id', '=', a.user.uid)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ kind: 'chat', reported_id: b.user.uid, comment: 'insulta' });
    });
  });

  describe('invites', () => {
    it('validates the invite and notifies invitees', async () => {
      const owner = await member(app.t.app);
      const b = await member(app.t.app);
      const room = await create(owner, 4);
      const base = { roomId: room.id, destinationUserNames: [b.user.name], roomName: 'Sala', message: 'Ven' };
      const fieldOf = async (params: Record<string, unknown>) => {
        const res = await owner.call(api.chat.sendChatInvite, params);
        expect(res.status).toBe(400);
        return (res.body.ApiValidationException as { field: string }).field;
      };
      expect(await fieldOf({ ...base, roomId: undefined })).toBe('roomId');
      expect(await fieldOf({ ...base, destinationUserNames: [] })).toBe('destinationUserNames');
      expect(await fieldOf({ ...base, roomName: ' ' })).toBe('roomName');
      expect(await fieldOf({ ...base, message: '' })).toBe('message');
      expect(await fieldOf({ ...base, destinationUserNames: ['nadie_existe_zz'] })).toBe(
        'destinationUserNames',
      );
      expect(
        (await b.call(api.chat.sendChatInvite, { ...base, destinationUserNames: [owner.user.name] })).status,
      ).toBe(403);
      const sb = await socketOf(b);
      expect(await owner.ok(api.chat.sendChatInvite, base)).toEqual([1]);
      expect(await drain(sb, b.user.uid)).toEqual([
        {
          type: 'chatInvite',
          roomId: room.id,
          roomName: 'Sala',
          message: 'Ven',
          sender: expect.objectContaining({ uid: owner.user.uid }),
        },
      ]);
      await enter(b, room.id);
      await sb.close();
    });
  });

  describe('leaderboards', () => {
    it('ranks the most active chatters per room and period', async () => {
      const a = await member(app.t.app);
      const b = await member(app.t.app);
      const room = await create(a, 2);
      await enter(a, room.id);
      await enter(b, room.id);
      const start = Date.now() - 1;
      for (let i = 0; i < 3; i++) await say(b, room.id, `b${i}`);
      await say(a, room.id, 'a');
      const leaders = (await a.ok(api.chat.getRoomLeaders, { roomId: room.id })) as LeaderboardEntry[];
      expect(leaders.map((l) => [l.user?.uid, l.score])).toEqual([
        [b.user.uid, 3],
        [a.user.uid, 1],
      ]);
      expect(
        await a.ok(api.chat.getRoomLeaders, { roomId: room.id, minTimestamp: Date.now() + 1000 }),
      ).toEqual([]);
      const board = (await a.ok(api.chat.getLeaderboard, {
        type: 'messages',
        roomId: room.id,
        days: 1,
        resultsPerPage: 1,
      })) as LeaderboardEntry[];
      expect(board.map((l) => l.user?.uid)).toEqual([b.user.uid]);
      const page2 = (await a.ok(api.chat.getLeaderboard, {
        roomId: room.id,
        days: 1,
        resultsPerPage: 1,
        page: 2,
      })) as LeaderboardEntry[];
      expect(page2.map((l) => l.user?.uid)).toEqual([a.user.uid]);
      expect(start).toBeLessThan(Date.now());
      expect(((await a.ok(api.chat.getLeaderboard, {})) as LeaderboardEntry[]).length).toBeGreaterThanOrEqual(
        2,
      );
    });
  });
});
