import type { ChatRoom } from '@tertulia/contract';
import type { Db } from '../../db/index';
import type { UnitOfWork } from '../../effects/unit-of-work';
import type { UserRow } from '../../http/context';
import { forbidden } from '../../http/errors';
import { isPrivateRoom, socialGraph } from '../../policy/graph';
import { isHidden } from '../../policy/standing';
import type { PeopleUseCases } from '../people/use-cases';
import type { RoomAccess } from './access';
import type { Announce } from './announce';
import { memberStore } from './member-store';
import type { Prune } from './prune';
import type { RoomView } from './room-view';
import { pageOf, ref } from './rules';
import { userStore } from './user-store';

export interface MembershipInputs {
  db: Db;
  unitOfWork: UnitOfWork;
  people: PeopleUseCases;
  access: RoomAccess;
  view: RoomView;
  prune: Prune;
  announce: Announce;
}

/** Being in a room: entering (within its capacity), leaving, who is in and how many. */
export function membershipUseCases({
  db,
  unitOfWork,
  people,
  access,
  view,
  prune,
  announce,
}: MembershipInputs) {
  const members = memberStore(db);
  const users = userStore(db);
  const graph = socialGraph(db);

  /** The room hears of a member coming or going once the seat's change committed. */
  const tellRoom = async (viewer: UserRow, roomId: number, action: 'entered' | 'left', also: number[] = []) =>
    announce(viewer, [...also, ...(await members.memberIds(roomId))], {
      type: 'chatRoomUser',
      roomId,
      user: ref(viewer),
      action,
    });

  return {
    async enterRoom(viewer: UserRow, roomId: number): Promise<ChatRoom> {
      const room = await access.roomOr404(roomId);
      const s = await access.checkAccess(viewer, room);
      // Whoever left without a word frees their seat first (its own writes and announcements).
      await prune([room.id]);
      await unitOfWork(async (trx, after) => {
        const seats = memberStore(trx);
        const already = await seats.isMember(room.id, viewer.id);
        // Inside already, or its owner or an admin: a full room still takes them.
        if (already || s.owner || viewer.is_admin) await seats.enter(room.id, viewer.id, Date.now());
        // The count and the seat in one step: concurrent joins cannot overfill the room.
        else if (!(await seats.enterIfFree(room.id, viewer.id, Date.now()))) throw forbidden('chat.full');
        if (!already) after.run(() => tellRoom(viewer, room.id, 'entered'));
      });
      return view.toRoom(viewer, room);
    },

    async leaveRoom(viewer: UserRow, roomId?: number): Promise<boolean> {
      // Out of the rooms and "left at" remembered together; each room hears after commit.
      const left = await unitOfWork(async (trx, after) => {
        const rooms = await memberStore(trx).leave(viewer.id, roomId);
        for (const id of rooms) after.run(() => tellRoom(viewer, id, 'left', [viewer.id]));
        return rooms;
      });
      return left.length > 0;
    },

    async usersInRoom(
      viewer: UserRow,
      p: { roomId: number; sortByEntryTime?: boolean; page?: number; limit?: number },
      name?: string,
    ) {
      const room = await access.roomOr404(p.roomId);
      await access.checkInside(viewer, room);
      await prune([room.id]);
      const inRoom = await members.members(room.id);
      const entered = new Map(inRoom.map((m) => [m.user_id, m.entered_at]));
      // A block either way: neither sees the other in the room's list.
      const blocked = await graph.blockedWithAmong(viewer.id, [...entered.keys()]);
      let rows = (await users.byIds([...entered.keys()])).filter((r) => !isHidden(r) && !blocked.has(r.id));
      if (name) rows = rows.filter((r) => r.name_lower.startsWith(name.trim().toLowerCase()));
      rows.sort((a, b) =>
        p.sortByEntryTime
          ? entered.get(b.id)! - entered.get(a.id)! || a.id - b.id
          : a.name_lower.localeCompare(b.name_lower),
      );
      const { offset, size } = pageOf(p, name ? 20 : 100);
      return people.present(viewer, rows.slice(offset, offset + size));
    },

    async usersCount(viewer: UserRow, roomId: number): Promise<number> {
      const room = await access.roomOr404(roomId);
      if (isPrivateRoom(room)) await access.checkInside(viewer, room);
      await prune([roomId]);
      return (await members.counts([roomId])).get(roomId) ?? 0;
    },
  };
}
