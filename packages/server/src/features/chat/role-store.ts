import type { Db } from '../../db/index';
import type { ChatRoomRolesTable } from '../../db/schema';

export type Role = ChatRoomRolesTable['role'];

/** Standing in rooms (chat_room_roles: moderator, invited, kicked, blocked, gagged) and the moderation log. */
export function roleStore(db: Db) {
  return {
    /** The member's live roles in the room. */
    async roles(roomId: number, userId: number, now: number): Promise<Set<Role>> {
      const rows = await db
        .selectFrom('chat_room_roles')
        .select(['role', 'until'])
        .where('room_id', '=', roomId)
        .where('user_id', '=', userId)
        .execute();
      return new Set(rows.filter((r) => r.until === 0 || r.until > now).map((r) => r.role));
    },

    /** Every role row of the member in the room, ended or not (tests read what a call left behind). */
    roleRows(roomId: number, userId: number) {
      return db
        .selectFrom('chat_room_roles')
        .select(['role', 'until'])
        .where('room_id', '=', roomId)
        .where('user_id', '=', userId)
        .execute();
    },

    /** The member's live roles in these rooms (moderator, gagged...), with their ends. */
    rolesIn(userId: number, roomIds: number[], now: number) {
      if (!roomIds.length) return Promise.resolve([]);
      return db
        .selectFrom('chat_room_roles')
        .select(['room_id', 'role', 'until'])
        .where('user_id', '=', userId)
        .where('room_id', 'in', roomIds)
        .where((eb) => eb.or([eb('until', '=', 0), eb('until', '>', now)]))
        .execute();
    },

    /** Of these members, who is gagged in the room now, with the gag's end. */
    async gagsIn(roomId: number, userIds: number[], now: number): Promise<Map<number, number>> {
      if (!userIds.length) return new Map();
      const rows = await db
        .selectFrom('chat_room_roles')
        .select(['user_id', 'until'])
        .where('room_id', '=', roomId)
        .where('role', '=', 'gagged')
        .where('user_id', 'in', userIds)
        .where('until', '>', now)
        .execute();
      return new Map(rows.map((r) => [r.user_id, Number(r.until)]));
    },

    async setRole(roomId: number, userId: number, role: Role, now: number, until = 0): Promise<void> {
      await db
        .insertInto('chat_room_roles')
        .values({ room_id: roomId, user_id: userId, role, until, created_at: now })
        .onConflict((oc) =>
          oc.columns(['room_id', 'user_id', 'role']).doUpdateSet({ until, created_at: now }),
        )
        .execute();
    },

    async dropRole(roomId: number, userId: number, role: Role): Promise<boolean> {
      const result = await db
        .deleteFrom('chat_room_roles')
        .where('room_id', '=', roomId)
        .where('user_id', '=', userId)
        .where('role', '=', role)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async withRole(roomId: number, role: Role): Promise<number[]> {
      const rows = await db
        .selectFrom('chat_room_roles')
        .select('user_id')
        .where('room_id', '=', roomId)
        .where('role', '=', role)
        .orderBy('created_at')
        .execute();
      return rows.map((r) => r.user_id);
    },

    /** One moderation action: who, whom, where (null: every room) and until when (0: no end). */
    async log(entry: {
      roomId: number | null;
      actorId: number;
      targetId: number;
      action: string;
      now: number;
      until?: number;
    }): Promise<void> {
      await db
        .insertInto('chat_moderation_log')
        .values({
          room_id: entry.roomId,
          actor_id: entry.actorId,
          target_id: entry.targetId,
          action: entry.action,
          until: entry.until ?? 0,
          created_at: entry.now,
        })
        .execute();
    },

    moderationLog(roomId: number, offset: number, limit: number) {
      return db
        .selectFrom('chat_moderation_log')
        .selectAll()
        .where('room_id', '=', roomId)
        .orderBy('id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute();
    },

    /** Every logged action on the member, oldest first (tests). */
    logAbout(targetId: number) {
      return db
        .selectFrom('chat_moderation_log')
        .selectAll()
        .where('target_id', '=', targetId)
        .orderBy('id')
        .execute();
    },
  };
}
export type RoleStore = ReturnType<typeof roleStore>;
