import { CHAT_LIMITS, type ChatModerationEntry, type User } from '@tertulia/contract';
import type { UserRow } from '../../http/context';
import { forbidden, invalid } from '../../http/errors';
import { wants } from '../../policy/preferences';
import { blockedWithAmong } from '../people/blocks';
import { type ChatContext, MINUTE, ref } from './context';

const DAY_MINUTES = 24 * 60;

import { chatStore } from './store';

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
    seesInside,
    publishAbout,
    checkModeration,
  } = x;
  return {
    async kickOrBlock(
      viewer: UserRow,
      action: 'kick' | 'block',
      p: { userId: number; roomId: number; minutes?: number },
    ): Promise<boolean> {
      const room = await roomOr404(p.roomId);
      const { asOwner } = await moderatorOf(viewer, room);
      const who = await target(viewer, p.userId, room);
      const bound = action === 'kick' ? CHAT_LIMITS.kickMinutes : CHAT_LIMITS.blockMinutes;
      const minutes = p.minutes ?? bound.default;
      await checkModeration(viewer, who, room, minutes, bound.max);
      const roles = await store.roles(room.id, who.id, Date.now());
      if (roles.has('moderator') && !asOwner) throw forbidden('chat.moderatorProtected');
      const now = Date.now();
      const until = now + minutes * MINUTE;
      const listeners = [who.id, ...(await memberIds(room.id))];
      await store.leave(who.id, room.id, now);
      if (action === 'kick') await store.setRole(room.id, who.id, 'kicked', now, until);
      else {
        await store.setRole(room.id, who.id, 'blocked', now, until);
        await store.dropRole(room.id, who.id, 'invited');
        await store.dropRole(room.id, who.id, 'moderator');
      }
      await store.log({ roomId: room.id, actorId: viewer.id, targetId: who.id, action, now, until });
      await publishAbout(who, listeners, {
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
      await store.log({
        roomId: room.id,
        actorId: viewer.id,
        targetId: who.id,
        action: 'unblock',
        now: Date.now(),
      });
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
      const action = add ? 'addModerator' : 'removeModerator';
      await store.log({ roomId: room.id, actorId: viewer.id, targetId: who.id, action, now });
      return true;
    },

    /**
     * With a room: its owner, moderators and admins mute a member in that room only (a `gagged`
     * role until the end). Without: admins mute a member in every room (users.chat_gag_until).
     */
    async gag(viewer: UserRow, p: { userId: number; roomId?: number; minutes?: number }): Promise<boolean> {
      const admin = viewer.is_admin === 1;
      if (!p.roomId && !admin) throw invalid('roomId', 'validation.required');
      if (p.userId === viewer.id) throw invalid('userId', 'chat.self');
      const bound = CHAT_LIMITS.gagMinutes;
      const minutes = p.minutes ?? bound.default;
      const now = Date.now();
      if (!p.roomId) {
        const who = await people.visible(viewer, p.userId);
        if (minutes > bound.adminMax)
          throw invalid('minutes', 'chat.maxDays', { n: String(bound.adminMax / DAY_MINUTES) });
        const until = now + minutes * MINUTE;
        await store.setSiteGag(who.id, until);
        await store.log({ roomId: null, actorId: viewer.id, targetId: who.id, action: 'gag', now, until });
        return true;
      }
      const room = await roomOr404(p.roomId);
      const { asOwner } = await moderatorOf(viewer, room);
      // Admins may mute a room's owner in it; owners and moderators may not.
      const who = await target(viewer, p.userId, room, admin);
      await checkModeration(viewer, who, room, minutes, admin ? bound.adminMax : bound.max);
      const roles = await store.roles(room.id, who.id, now);
      if (roles.has('moderator') && !asOwner) throw forbidden('chat.moderatorProtected');
      const until = now + minutes * MINUTE;
      await store.setRole(room.id, who.id, 'gagged', now, until);
      await store.log({ roomId: room.id, actorId: viewer.id, targetId: who.id, action: 'gag', now, until });
      return true;
    },

    async isModerator(viewer: UserRow, roomId: number, userId?: number): Promise<boolean> {
      const room = await roomOr404(roomId);
      const id = userId ?? viewer.id;
      if (id !== viewer.id && !(await seesInside(viewer, room))) throw forbidden('chat.membersOnly');
      if (room.owner_id === id) return true;
      return (await store.roles(room.id, id, Date.now())).has('moderator');
    },

    async ownerAndModerators(viewer: UserRow, roomId: number): Promise<User[]> {
      const room = await roomOr404(roomId);
      if (!(await seesInside(viewer, room))) throw forbidden('chat.membersOnly');
      const all = [
        ...(room.owner_id ? [room.owner_id] : []),
        ...(await store.withRole(room.id, 'moderator')),
      ];
      const blocked = await blockedWithAmong(deps.db, viewer.id, all);
      const ids = all.filter((id) => !blocked.has(id));
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
        roomId: room.id,
        action: r.action,
        actor: byId.get(r.actor_id),
        target: byId.get(r.target_id),
        timestamp: r.created_at,
        until: r.until > 0 ? Number(r.until) : undefined,
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
      // A block either way: no invitation (and no hint which way).
      const invitees = found.filter(
        (f) =>
          f.banned_at === 0 &&
          !blockers.blockedBy.has(f.id) &&
          !blockers.blocked.has(f.id) &&
          f.id !== viewer.id,
      );
      const known = new Set(found.map((f) => f.name_lower));
      const unknown = names.filter((n) => !known.has(n.toLowerCase()));
      if (unknown.length)
        throw invalid('destinationUserNames', 'chat.inviteUnknown', { names: unknown.join(', ') });
      await limit(`chat:invite:${viewer.id}`, 50, 60 * MINUTE);
      const now = Date.now();
      for (const who of invitees) await store.setRole(room.id, who.id, 'invited', now);
      await publish(
        invitees.filter((i) => wants(i, 'chatInvites')).map((i) => i.id),
        { type: 'chatInvite', roomId: room.id, roomName, sender: ref(viewer), message },
      );
      return invitees.length;
    },
  };
}
