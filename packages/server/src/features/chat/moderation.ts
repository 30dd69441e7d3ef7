import type { ChatModerationEntry, User } from '@tertulia/contract';
import type { UserRow } from '../../http/context';
import { forbidden, invalid } from '../../http/errors';
import { type ChatContext, KICK_MS, MINUTE, ref } from './context';
import { chatStore, type RoomRow } from './store';

/** Owner and moderator powers, gags, the log, ignores, reports and invites. */
export function moderationCalls(x: ChatContext) {
  const {
    deps,
    people,
    store,
    peopleRows,
    limit,
    roomOr404,
    publish,
    memberIds,
    checkAccess,
    moderatorOf,
    target,
    offset,
  } = x;
  return {
    async kickOrBlock(
      viewer: UserRow,
      action: 'kick' | 'block',
      userId: number,
      roomId: number,
    ): Promise<boolean> {
      const room = await roomOr404(roomId);
      const { asOwner } = await moderatorOf(viewer, room);
      const who = await target(viewer, userId, room);
      const roles = await store.roles(room.id, who.id, Date.now());
      if (roles.has('moderator') && !asOwner) throw forbidden('chat.moderatorProtected');
      const now = Date.now();
      const listeners = [who.id, ...(await memberIds(room.id))];
      await store.leave(who.id, room.id);
      if (action === 'kick') await store.setRole(room.id, who.id, 'kicked', now, now + KICK_MS);
      else {
        await store.setRole(room.id, who.id, 'blocked', now);
        await store.dropRole(room.id, who.id, 'invited');
        await store.dropRole(room.id, who.id, 'moderator');
      }
      await store.log(room.id, viewer.id, who.id, action, now);
      await publish([...new Set(listeners)], {
        type: 'chatRoomUser',
        roomId: room.id,
        user: ref(who),
        action: action === 'kick' ? 'kicked' : 'blocked',
      });
      return true;
    },

    /** Lets a blocked member in again; false when they were not blocked. */
    async unblock(viewer: UserRow, userId: number, roomId: number): Promise<boolean> {
      const room = await roomOr404(roomId);
      await moderatorOf(viewer, room);
      const who = await people.visible(viewer, userId);
      if (!(await store.dropRole(room.id, who.id, 'blocked'))) return false;
      await store.log(room.id, viewer.id, who.id, 'unblock', Date.now());
      return true;
    },

    async setModerator(viewer: UserRow, add: boolean, userId: number, roomId: number): Promise<boolean> {
      const room = await roomOr404(roomId);
      const { asOwner } = await moderatorOf(viewer, room);
      if (!asOwner) throw forbidden('chat.ownerOnly');
      const who = await target(viewer, userId, room);
      const now = Date.now();
      if (add) await store.setRole(room.id, who.id, 'moderator', now);
      else if (!(await store.dropRole(room.id, who.id, 'moderator'))) return false;
      await store.log(room.id, viewer.id, who.id, add ? 'addModerator' : 'removeModerator', now);
      return true;
    },

    async gag(viewer: UserRow, p: { userId: number; roomId?: number; minutes?: number }): Promise<boolean> {
      let room: RoomRow | undefined;
      if (p.roomId) room = await roomOr404(p.roomId);
      if (!viewer.is_admin) {
        if (!room) throw invalid('roomId', 'validation.required');
        const { asOwner } = await moderatorOf(viewer, room);
        const roles = await store.roles(room.id, p.userId, Date.now());
        if (roles.has('moderator') && !asOwner) throw forbidden('chat.moderatorProtected');
      }
      if (p.userId === viewer.id) throw invalid('userId', 'chat.self');
      const who = await people.visible(viewer, p.userId);
      if (room && room.owner_id === who.id && !viewer.is_admin) throw forbidden('chat.ownerProtected');
      const now = Date.now();
      const until = now + (p.minutes ?? 10) * MINUTE;
      await deps.db.updateTable('users').set({ chat_gag_until: until }).where('id', '=', who.id).execute();
      if (room) await store.log(room.id, viewer.id, who.id, 'gag', now);
      return true;
    },

    async isModerator(viewer: UserRow, roomId: number, userId?: number): Promise<boolean> {
      const room = await roomOr404(roomId);
      const id = userId ?? viewer.id;
      if (room.owner_id === id) return true;
      return (await store.roles(room.id, id, Date.now())).has('moderator');
    },

    async ownerAndModerators(viewer: UserRow, roomId: number): Promise<User[]> {
      const room = await roomOr404(roomId);
      const ids = [
        ...(room.owner_id ? [room.owner_id] : []),
        ...(await store.withRole(room.id, 'moderator')),
      ];
      const rows = new Map((await peopleRows.byIds(ids)).map((r) => [r.id, r]));
      return people.present(
        viewer,
        ids.flatMap((id) => (rows.has(id) ? [rows.get(id)!] : [])),
      );
    },

    async moderationLog(
      viewer: UserRow,
      p: { roomId: number; page?: number; limit?: number },
    ): Promise<ChatModerationEntry[]> {
      const room = await roomOr404(p.roomId);
      await moderatorOf(viewer, room);
      const { offset: from, size } = offset(p, 50);
      const rows = await store.moderationLog(room.id, from, size);
      const users = await people.present(
        viewer,
        await peopleRows.byIds([...new Set(rows.flatMap((r) => [r.actor_id, r.target_id]))]),
      );
      const byId = new Map(users.map((u) => [u.uid, u]));
      return rows.map((r) => ({
        id: r.id,
        roomId: r.room_id,
        action: r.action,
        actor: byId.get(r.actor_id),
        target: byId.get(r.target_id),
        timestamp: r.created_at,
      }));
    },

    async deleteRoom(viewer: UserRow, roomId: number): Promise<boolean> {
      const room = await roomOr404(roomId);
      if (room.owner_id !== viewer.id && !viewer.is_admin) throw forbidden('chat.ownerOnly');
      const listeners = await memberIds(room.id);
      await deps.db.transaction().execute(async (trx) => chatStore(trx).deleteRoom(room.id));
      await publish(listeners, { type: 'chatRoomDeleted', roomId: room.id });
      return true;
    },

    async ignore(viewer: UserRow, userId: number, on: boolean): Promise<boolean> {
      if (userId === viewer.id) throw invalid('userId', 'chat.self');
      if (!on) {
        await store.unignore(viewer.id, userId);
        return true;
      }
      await people.visible(viewer, userId);
      await store.ignore(viewer.id, userId, Date.now());
      return true;
    },

    isIgnored: (viewer: UserRow, userId: number) => store.isIgnored(viewer.id, userId),

    async report(viewer: UserRow, userId: number, comment?: string): Promise<boolean> {
      if (userId === viewer.id) throw invalid('userId', 'people.selfReport');
      await people.visible(viewer, userId);
      await limit(`report:${viewer.id}`, 30, 60 * MINUTE);
      await peopleRows.insertReport({
        reporter: viewer.id,
        reported: userId,
        kind: 'chat',
        comment: comment?.trim() || undefined,
        now: Date.now(),
      });
      return true;
    },

    async invite(
      viewer: UserRow,
      p: {
        roomId?: number;
        destinationUserNames?: string[];
        message?: string;
        roomName?: string;
        acceptedRequest?: boolean;
      },
    ): Promise<number> {
      if (!p.roomId) throw invalid('roomId', 'validation.required');
      const names = (p.destinationUserNames ?? []).map((n) => n.trim()).filter(Boolean);
      if (!names.length) throw invalid('destinationUserNames', 'validation.required');
      const roomName = p.roomName?.trim();
      if (!roomName) throw invalid('roomName', 'validation.required');
      const message = p.message?.trim();
      if (!message && !p.acceptedRequest) throw invalid('message', 'validation.required');
      const room = await roomOr404(p.roomId);
      const s = await checkAccess(viewer, room);
      if ((room.room_type === 3 || room.room_type === 4) && !s.boss) throw forbidden('chat.inviteOwnersOnly');
      const found = await store.usersByNames(names);
      const blockers = await peopleRows.tiesAmong(
        viewer.id,
        found.map((f) => f.id),
      );
      const invitees = found.filter(
        (f) => f.banned_at === 0 && !blockers.blockedBy.has(f.id) && f.id !== viewer.id,
      );
      const known = new Set(found.map((f) => f.name_lower));
      const unknown = names.filter((n) => !known.has(n.toLowerCase()));
      if (unknown.length)
        throw invalid('destinationUserNames', 'chat.inviteUnknown', { names: unknown.join(', ') });
      await limit(`chat:invite:${viewer.id}`, 50, 60 * MINUTE);
      const now = Date.now();
      for (const who of invitees) await store.setRole(room.id, who.id, 'invited', now);
      await publish(
        invitees.map((i) => i.id),
        { type: 'chatInvite', roomId: room.id, roomName, sender: ref(viewer), message },
      );
      return invitees.length;
    },
  };
}
