import type { ChatModerationEntry, User } from '@tertulia/contract';
import type { Db } from '../../db/index';
import type { UserRow } from '../../http/context';
import { forbidden } from '../../http/errors';
import { socialGraph } from '../../policy/graph';
import type { PeopleUseCases } from '../people/use-cases';
import type { RoomAccess } from './access';
import { roleStore } from './role-store';
import { pageOf } from './rules';
import { userStore } from './user-store';

export interface StaffInputs {
  db: Db;
  people: PeopleUseCases;
  access: RoomAccess;
}

/** Who runs a room (its owner and moderators) and what they did (the moderation log). */
export function staffUseCases({ db, people, access }: StaffInputs) {
  const roles = roleStore(db);
  const users = userStore(db);
  const graph = socialGraph(db);

  return {
    async isModerator(viewer: UserRow, roomId: number, userId?: number): Promise<boolean> {
      const room = await access.roomOr404(roomId);
      const id = userId ?? viewer.id;
      if (id !== viewer.id && !(await access.seesInside(viewer, room))) throw forbidden('chat.membersOnly');
      if (room.owner_id === id) return true;
      return (await roles.roles(room.id, id, Date.now())).has('moderator');
    },

    async ownerAndModerators(viewer: UserRow, roomId: number): Promise<User[]> {
      const room = await access.roomOr404(roomId);
      if (!(await access.seesInside(viewer, room))) throw forbidden('chat.membersOnly');
      const all = [
        ...(room.owner_id ? [room.owner_id] : []),
        ...(await roles.withRole(room.id, 'moderator')),
      ];
      // A block either way: neither sees the other among the room's bosses.
      const blocked = await graph.blockedWithAmong(viewer.id, all);
      const ids = all.filter((id) => !blocked.has(id));
      const rows = new Map((await users.byIds(ids)).map((r) => [r.id, r]));
      return people.present(
        viewer,
        ids.flatMap((id) => (rows.has(id) ? [rows.get(id)!] : [])),
      );
    },

    async moderationLog(
      viewer: UserRow,
      p: { roomId: number; page?: number; limit?: number },
    ): Promise<ChatModerationEntry[]> {
      const room = await access.roomOr404(p.roomId);
      await access.moderatorOf(viewer, room);
      const { offset, size } = pageOf(p, 50);
      const rows = await roles.moderationLog(room.id, offset, size);
      const presented = await people.present(
        viewer,
        await users.byIds([...new Set(rows.flatMap((r) => [r.actor_id, r.target_id]))]),
      );
      const byId = new Map(presented.map((u) => [u.uid, u]));
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
  };
}
