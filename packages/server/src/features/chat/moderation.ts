import { CHAT_LIMITS } from '@tertulia/contract';
import type { Db } from '../../db/index';
import type { UnitOfWork } from '../../effects/unit-of-work';
import type { UserRow } from '../../http/context';
import { forbidden, invalid } from '../../http/errors';
import type { PeopleUseCases } from '../people/use-cases';
import type { RoomAccess } from './access';
import type { Announce } from './announce';
import { memberStore } from './member-store';
import { roleStore } from './role-store';
import type { RoomRow } from './room-store';
import { MINUTE, RECENT_MS, ref } from './rules';
import { userStore } from './user-store';

const DAY_MINUTES = 24 * 60;

/** A duration over its bound: the bound in hours up to a day, in days above. */
const tooLong = (maxMinutes: number) =>
  maxMinutes > DAY_MINUTES
    ? invalid('minutes', 'chat.maxDays', { n: String(Math.floor(maxMinutes / DAY_MINUTES)) })
    : invalid('minutes', 'chat.maxHours', { n: String(Math.floor(maxMinutes / 60)) });

export interface ModerationInputs {
  db: Db;
  unitOfWork: UnitOfWork;
  people: PeopleUseCases;
  access: RoomAccess;
  announce: Announce;
}

/** Owner and moderator powers over members: kicks, room blocks, moderators, gags. */
export function moderationUseCases({ db, unitOfWork, people, access, announce }: ModerationInputs) {
  const members = memberStore(db);
  const roles = roleStore(db);
  const users = userStore(db);

  /** Whom a moderator may act on in the room: not themselves, nor the owner (but for an admin's gag). */
  async function target(viewer: UserRow, userId: number, room: RoomRow, ownerToo = false): Promise<UserRow> {
    if (userId === viewer.id) throw invalid('userId', 'chat.self');
    const row = await people.visible(viewer, userId);
    if (room.owner_id === row.id && !ownerToo) throw forbidden('chat.ownerProtected');
    return row;
  }

  /**
   * The limits of room moderation: only an admin acts on an admin; owners and moderators act on
   * members in the room now or there within RECENT_MS; durations stay within their bound.
   */
  async function checkModeration(
    viewer: UserRow,
    who: UserRow,
    room: RoomRow,
    minutes: number,
    maxMinutes: number,
  ) {
    if (who.is_admin === 1 && viewer.is_admin !== 1) throw forbidden('chat.adminProtected');
    if (minutes > maxMinutes) throw tooLong(maxMinutes);
    if (viewer.is_admin !== 1 && !(await members.inRoomSince(room.id, who.id, Date.now() - RECENT_MS)))
      throw forbidden('chat.notRecentlyInRoom');
  }

  return {
    async kickOrBlock(
      viewer: UserRow,
      action: 'kick' | 'block',
      p: { userId: number; roomId: number; minutes?: number },
    ): Promise<boolean> {
      const room = await access.roomOr404(p.roomId);
      const { asOwner } = await access.moderatorOf(viewer, room);
      const who = await target(viewer, p.userId, room);
      const bound = action === 'kick' ? CHAT_LIMITS.kickMinutes : CHAT_LIMITS.blockMinutes;
      const minutes = p.minutes ?? bound.default;
      await checkModeration(viewer, who, room, minutes, bound.max);
      const held = await roles.roles(room.id, who.id, Date.now());
      if (held.has('moderator') && !asOwner) throw forbidden('chat.moderatorProtected');
      const now = Date.now();
      const until = now + minutes * MINUTE;
      const listeners = [who.id, ...(await members.memberIds(room.id))];
      // Out of the room, the role and its log line together; the room hears after commit.
      await unitOfWork(async (trx, after) => {
        const tx = roleStore(trx);
        await memberStore(trx).leave(who.id, room.id, now);
        if (action === 'kick') await tx.setRole(room.id, who.id, 'kicked', now, until);
        else {
          await tx.setRole(room.id, who.id, 'blocked', now, until);
          await tx.dropRole(room.id, who.id, 'invited');
          await tx.dropRole(room.id, who.id, 'moderator');
        }
        await tx.log({ roomId: room.id, actorId: viewer.id, targetId: who.id, action, now, until });
        after.run(() =>
          announce(who, listeners, {
            type: 'chatRoomUser',
            roomId: room.id,
            user: ref(who),
            action: action === 'kick' ? 'kicked' : 'blocked',
          }),
        );
      });
      return true;
    },

    /** Lets a blocked member in again; false when they were not blocked. */
    async unblock(viewer: UserRow, userId: number, roomId: number): Promise<boolean> {
      const room = await access.roomOr404(roomId);
      await access.moderatorOf(viewer, room);
      const who = await people.visible(viewer, userId);
      if (!(await roles.dropRole(room.id, who.id, 'blocked'))) return false;
      await roles.log({
        roomId: room.id,
        actorId: viewer.id,
        targetId: who.id,
        action: 'unblock',
        now: Date.now(),
      });
      return true;
    },

    async setModerator(viewer: UserRow, add: boolean, userId: number, roomId: number): Promise<boolean> {
      const room = await access.roomOr404(roomId);
      const { asOwner } = await access.moderatorOf(viewer, room);
      if (!asOwner) throw forbidden('chat.ownerOnly');
      const who = await target(viewer, userId, room);
      const now = Date.now();
      if (add) await roles.setRole(room.id, who.id, 'moderator', now);
      else if (!(await roles.dropRole(room.id, who.id, 'moderator'))) return false;
      const action = add ? 'addModerator' : 'removeModerator';
      await roles.log({ roomId: room.id, actorId: viewer.id, targetId: who.id, action, now });
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
        await users.setSiteGag(who.id, until);
        await roles.log({ roomId: null, actorId: viewer.id, targetId: who.id, action: 'gag', now, until });
        return true;
      }
      const room = await access.roomOr404(p.roomId);
      const { asOwner } = await access.moderatorOf(viewer, room);
      // Admins may mute a room's owner in it; owners and moderators may not.
      const who = await target(viewer, p.userId, room, admin);
      await checkModeration(viewer, who, room, minutes, admin ? bound.adminMax : bound.max);
      const held = await roles.roles(room.id, who.id, now);
      if (held.has('moderator') && !asOwner) throw forbidden('chat.moderatorProtected');
      const until = now + minutes * MINUTE;
      await roles.setRole(room.id, who.id, 'gagged', now, until);
      await roles.log({ roomId: room.id, actorId: viewer.id, targetId: who.id, action: 'gag', now, until });
      return true;
    },
  };
}
