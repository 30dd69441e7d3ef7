import {
  api,
  type ChatEntry,
  type ChatRoom,
  type Conversation,
  type LeaderboardEntry,
  type User,
} from '@tertulia/contract';
import { describe, expect, it } from 'vitest';
import { dialects, listeningApp } from '../../../tests/_util';
import { type Member, roomSteps } from './_test-room';

/** Blocks hold everywhere in chat (and typing); private rooms show outsiders nothing inside. */
describe.each(dialects)('chat visibility on $name', (dialect) => {
  const app = listeningApp(dialect);
  const s = roomSteps(app);
  const uids = (list: unknown[]) => (list as User[]).map((u) => u.uid);

  describe('blocks, either way', () => {
    /** a blocked b (or b blocked a): both in a room whose other members see both. */
    async function blockedPair(aBlocksB: boolean) {
      const owner = await s.member();
      const a = await s.member();
      const b = await s.member();
      const room = await s.create(owner);
      for (const who of [owner, a, b]) await s.enter(who, room.id);
      if (aBlocksB) await s.block(a, b);
      else await s.block(b, a);
      return { owner, a, b, room };
    }

    for (const aBlocksB of [true, false]) {
      it(`hide each other in member lists, bosses and leaders (${aBlocksB ? 'a' : 'b'} blocked)`, async () => {
        const { owner, a, b, room } = await blockedPair(aBlocksB);
        await owner.ok(api.chat.addModerator, { userId: b.user.uid, roomId: room.id });
        await a.ok(api.chat.sendMessage, { roomId: room.id, message: 'soy a' });
        await b.ok(api.chat.sendMessage, { roomId: room.id, message: 'soy b' });
        const prefix = (m: Member) => m.user.name.slice(0, 4);
        for (const [me, them] of [
          [a, b],
          [b, a],
        ] as const) {
          expect(uids(await me.ok(api.chat.getUsersInChatRoom, { roomId: room.id }))).not.toContain(
            them.user.uid,
          );
          expect(uids(await me.ok(api.chat.getUsersInChatRoom, { roomId: room.id }))).toContain(
            owner.user.uid,
          );
          const found = await me.ok(api.chat.searchUsersInRoom, { roomId: room.id, name: prefix(them) });
          expect(uids(found)).not.toContain(them.user.uid);
          const leaders = (await me.ok(api.chat.getRoomLeaders, { roomId: room.id })) as LeaderboardEntry[];
          expect(leaders.map((l) => l.user?.uid)).toEqual([me.user.uid]);
          const lines = (await me.ok(api.chat.getMessages, { roomId: room.id })) as ChatEntry[];
          expect(lines.map((l) => l.user?.uid)).toEqual([me.user.uid]);
        }
        // b moderates: a does not see them among the room's bosses; the owner sees both.
        expect(uids(await a.ok(api.chat.getChatRoomOwnerAndModerators, { roomId: room.id }))).toEqual([
          owner.user.uid,
        ]);
        expect(uids(await owner.ok(api.chat.getUsersInChatRoom, { roomId: room.id }))).toEqual(
          expect.arrayContaining([a.user.uid, b.user.uid]),
        );
      });
    }

    it('keep room lines, comings and goings apart live', async () => {
      const { owner, a, b, room } = await blockedPair(true);
      const [sa, sb, so] = [await s.socketOf(a), await s.socketOf(b), await s.socketOf(owner)];
      await b.ok(api.chat.sendMessage, { roomId: room.id, message: 'de b' });
      await a.ok(api.chat.sendMessage, { roomId: room.id, message: 'de a' });
      await b.ok(api.chat.leaveRoom, { roomId: room.id });
      await s.enter(b, room.id);
      const seen = async (socket: typeof sa, who: Member) =>
        (await s.drain(socket, who.user.uid)).map((f) =>
          f.type === 'chatEntry'
            ? `entry:${(f.entry as ChatEntry).message}`
            : `${f.type}:${String(f.action)}`,
        );
      expect(await seen(sa, a)).toEqual(['entry:de a']);
      expect(await seen(sb, b)).toEqual(['entry:de b', 'chatRoomUser:left', 'chatRoomUser:entered']);
      expect(await seen(so, owner)).toEqual([
        'entry:de b',
        'entry:de a',
        'chatRoomUser:left',
        'chatRoomUser:entered',
      ]);
      await Promise.all([sa.close(), sb.close(), so.close()]);
    });

    it('hide the rooms of a blocked owner from room lists', async () => {
      const owner = await s.member();
      const a = await s.member();
      const room = await s.create(owner);
      await s.enter(a, room.id);
      const listed = async () =>
        ((await a.ok(api.chat.getRooms, { limit: 100 })) as ChatRoom[]).map((r) => r.id);
      const recent = async () => ((await a.ok(api.chat.getRecentChatRooms)) as ChatRoom[]).map((r) => r.id);
      expect(await listed()).toContain(room.id);
      expect(await recent()).toContain(room.id);
      await s.block(owner, a);
      expect(await listed()).not.toContain(room.id);
      expect(await recent()).not.toContain(room.id);
    });

    it('deliver no typing events between blocked members, in an IM or a group', async () => {
      const a = await s.member();
      const b = await s.member();
      const c = await s.member();
      const send = async (from: Member, params: Record<string, unknown>) =>
        ((await from.ok(api.messaging.send, params)) as Conversation[])[0];
      const im = await send(a, { targetIds: [b.user.uid], message: 'hola' });
      const group = await send(a, { targetIds: [b.user.uid, c.user.uid], message: 'grupo' });
      const [sa, sb, sc] = [await s.socketOf(a), await s.socketOf(b), await s.socketOf(c)];
      await s.block(a, b);
      for (const conversationId of [im.conversationId, group.conversationId])
        await b.ok(api.messaging.sendTypingEvent, { conversationId });
      await a.ok(api.messaging.sendTypingEvent, { conversationId: group.conversationId });
      const typing = async (socket: typeof sa, who: Member) =>
        (await s.drain(socket, who.user.uid))
          .filter((f) => f.type === 'typing')
          .map((f) => `${(f.user as User).uid}@${f.conversationId}`);
      expect(await typing(sa, a)).toEqual([]);
      expect(await typing(sb, b)).toEqual([]);
      expect(await typing(sc, c)).toEqual([
        `${b.user.uid}@${group.conversationId}`,
        `${a.user.uid}@${group.conversationId}`,
      ]);
      await Promise.all([sa.close(), sb.close(), sc.close()]);
    });
  });

  describe('private rooms', () => {
    for (const roomType of [3, 4]) {
      it(`tell a stranger nothing of a room of type ${roomType}'s members, count or messages`, async () => {
        const owner = await s.member();
        const mod = await s.member();
        const stranger = await s.member();
        const room = await s.create(owner, roomType);
        await s.enter(owner, room.id);
        await owner.ok(api.chat.sendChatInvite, {
          roomId: room.id,
          destinationUserNames: [mod.user.name],
          roomName: 'Privada',
          acceptedRequest: true,
        });
        await s.enter(mod, room.id);
        await owner.ok(api.chat.addModerator, { userId: mod.user.uid, roomId: room.id });
        await owner.ok(api.chat.sendMessage, { roomId: room.id, message: 'secreto' });
        const calls = [
          [api.chat.getUsersInChatRoom, { roomId: room.id }],
          [api.chat.searchUsersInRoom, { roomId: room.id, name: owner.user.name.slice(0, 3) }],
          [api.chat.getUsersCountInRoom, { roomId: room.id }],
          [api.chat.getChatRoomOwnerAndModerators, { roomId: room.id }],
          [api.chat.getMessages, { roomId: room.id }],
          [api.chat.getRoomLeaders, { roomId: room.id }],
          [api.chat.getLeaderboard, { roomId: room.id }],
          [api.chat.isModerator, { roomId: room.id, userId: mod.user.uid }],
        ] as const;
        for (const [endpoint, params] of calls) {
          const res = await stranger.call(endpoint, params);
          expect(res.status, endpoint.path).toBe(403);
          expect(JSON.stringify(res.body)).not.toMatch(/secreto|usersCount/);
        }
        const got = await stranger.call(api.chat.getRoom, { roomId: room.id });
        if (roomType === 3) expect(got.status).toBe(403);
        else {
          // Invite-only rooms are listed: their names and type, nothing of who is inside.
          expect(got.body.ChatRoom).toEqual([
            {
              id: room.id,
              name: room.name,
              displayName: room.displayName,
              categoryName: room.categoryName,
              roomType: 4,
              isModerator: false,
              isOwner: false,
              locale: room.locale,
            },
          ]);
          const listed = ((await stranger.ok(api.chat.getRooms, { limit: 100 })) as ChatRoom[]).find(
            (r) => r.id === room.id,
          );
          expect(listed).toBeDefined();
          expect(listed?.usersCount).toBeUndefined();
        }
        // Admins see everything.
        const admin = await s.admin();
        expect(await admin.ok(api.chat.getUsersCountInRoom, { roomId: room.id })).toEqual([2]);
        expect(uids(await admin.ok(api.chat.getUsersInChatRoom, { roomId: room.id })).sort()).toEqual(
          [owner.user.uid, mod.user.uid].sort(),
        );
        expect(await admin.ok(api.chat.getRoom, { roomId: room.id })).toMatchObject([{ usersCount: 2 }]);
      });
    }

    it('shows an invitee what the invitation shows until they join', async () => {
      const owner = await s.member();
      const guest = await s.member();
      const room = await s.create(owner, 4);
      await s.enter(owner, room.id);
      await owner.ok(api.chat.sendChatInvite, {
        roomId: room.id,
        destinationUserNames: [guest.user.name],
        roomName: 'Sala',
        message: 'Ven',
      });
      const [before] = (await guest.ok(api.chat.getRoom, { roomId: room.id })) as ChatRoom[];
      expect(before).toMatchObject({ id: room.id, name: room.name, roomType: 4 });
      expect(before.usersCount).toBeUndefined();
      expect((await guest.call(api.chat.getUsersInChatRoom, { roomId: room.id })).status).toBe(403);
      const inside = await s.enter(guest, room.id);
      expect(inside.usersCount).toBe(2);
      expect(await guest.ok(api.chat.getUsersCountInRoom, { roomId: room.id })).toEqual([2]);
      expect(uids(await guest.ok(api.chat.getChatRoomOwnerAndModerators, { roomId: room.id }))).toEqual([
        owner.user.uid,
      ]);
      // Once gone, the room is sealed again in their recent rooms.
      await guest.ok(api.chat.leaveRoom, { roomId: room.id });
      const recent = ((await guest.ok(api.chat.getRecentChatRooms)) as ChatRoom[]).find(
        (r) => r.id === room.id,
      );
      expect(recent?.usersCount).toBeUndefined();
    });
  });
});
