import type { ChatRoom } from '@tertulia/contract';
import type { Db } from '../../db/index';
import type { UserRow } from '../../http/context';
import { isPrivateRoom, maySeeInsideRoom } from '../../policy/graph';
import { memberStore } from './member-store';
import { roleStore } from './role-store';
import type { RoomRow } from './room-store';

/** A private room as its invitation shows it: names and type, nothing of who is inside. */
export const sealed = (room: RoomRow): ChatRoom => ({
  id: room.id,
  name: room.name,
  displayName: room.display_name,
  categoryName: room.category,
  roomType: room.room_type,
  isModerator: false,
  isOwner: false,
  locale: room.locale,
});

/** Rooms as the viewer sees them: whole where they see inside (maySeeInsideRoom), sealed elsewhere. */
export function roomView(db: Db) {
  const members = memberStore(db);
  const roles = roleStore(db);

  async function toRooms(viewer: UserRow, rooms: RoomRow[]): Promise<ChatRoom[]> {
    const ids = rooms.map((r) => r.id);
    const now = Date.now();
    const [counts, held, inRooms] = await Promise.all([
      members.counts(ids),
      roles.rolesIn(viewer.id, ids, now),
      members.roomsIn(
        viewer.id,
        rooms.filter(isPrivateRoom).map((r) => r.id),
      ),
    ]);
    const mods = new Set(held.filter((r) => r.role === 'moderator').map((m) => m.room_id));
    const gags = new Map(held.filter((r) => r.role === 'gagged').map((g) => [g.room_id, Number(g.until)]));
    return rooms.map((room) => {
      const inside = maySeeInsideRoom(room, {
        isAdmin: viewer.is_admin === 1,
        isOwner: room.owner_id === viewer.id,
        isModerator: mods.has(room.id),
        isMember: inRooms.has(room.id),
      });
      return inside ? fullRoom(room) : sealed(room);
    });

    function fullRoom(room: RoomRow): ChatRoom {
      return {
        id: room.id,
        name: room.name,
        displayName: room.display_name,
        categoryName: room.category,
        roomType: room.room_type,
        maxUsers: room.max_users,
        usersCount: counts.get(room.id) ?? 0,
        // The viewer may moderate here: admins pass every door of every room (access.ts standing).
        isModerator: mods.has(room.id) || room.owner_id === viewer.id || viewer.is_admin === 1,
        isOwner: room.owner_id === viewer.id,
        isNearMe:
          !!room.country && !!viewer.country && room.country.toLowerCase() === viewer.country.toLowerCase(),
        locale: room.locale,
        gagExpiration: gags.get(room.id) ?? 0,
      };
    }
  }

  const toRoom = async (viewer: UserRow, room: RoomRow) => (await toRooms(viewer, [room]))[0];

  return { toRooms, toRoom };
}
export type RoomView = ReturnType<typeof roomView>;
