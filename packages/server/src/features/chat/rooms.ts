import { type ChatRoom, RoomType } from '@tertulia/contract';
import type { Db } from '../../db/index';
import type { UnitOfWork } from '../../effects/unit-of-work';
import type { UserRow } from '../../http/context';
import { forbidden, invalid } from '../../http/errors';
import type { RateLimiter } from '../../limits/rate-limiter';
import { isPrivateRoom, socialGraph } from '../../policy/graph';
import type { PeopleUseCases } from '../people/use-cases';
import type { RoomAccess } from './access';
import { memberStore } from './member-store';
import type { Prune } from './prune';
import { type RoomRow, roomStore } from './room-store';
import { type RoomView, sealed } from './room-view';
import { DAY, hitLimit, pageOf } from './rules';

export interface RoomInputs {
  db: Db;
  limiter: RateLimiter;
  unitOfWork: UnitOfWork;
  people: PeopleUseCases;
  access: RoomAccess;
  view: RoomView;
  prune: Prune;
}

/** Rooms themselves: creating, listing, showing one, recent rooms, deleting. */
export function roomUseCases({ db, limiter, unitOfWork, people, access, view, prune }: RoomInputs) {
  const rooms = roomStore(db);
  const members = memberStore(db);
  const graph = socialGraph(db);

  /** A member's profile room, made the first time anyone asks for it. */
  async function profileRoom(owner: UserRow): Promise<RoomRow> {
    const existing = await rooms.profileRoom(owner.id);
    if (existing) return existing;
    return rooms.insertRoom({
      name: owner.name,
      display_name: owner.name,
      category: 'Perfiles',
      room_type: RoomType.PROFILE_ROOM,
      max_users: 50,
      owner_id: owner.id,
      locale: owner.locale,
      country: owner.country,
      created_at: Date.now(),
    });
  }

  return {
    async createRoom(
      viewer: UserRow,
      p: { name: string; roomType: number; maxUsers?: number; categoryName?: string; locale?: string },
    ): Promise<ChatRoom> {
      if (p.roomType === RoomType.PROFILE_ROOM) return view.toRoom(viewer, await profileRoom(viewer));
      const site = p.roomType === RoomType.PUBLIC;
      if (site && !viewer.is_admin) throw forbidden('forbidden.admin');
      const name = p.name.trim();
      if (name.length < 3) throw invalid('name', 'validation.tooShort');
      await hitLimit(limiter, `chat:create:${viewer.id}`, 10, DAY);
      const room = await rooms.insertRoom({
        name,
        display_name: name,
        category: p.categoryName?.trim() || (site ? 'General' : 'Miembros'),
        room_type: p.roomType,
        max_users: p.maxUsers ?? (site ? 200 : 50),
        owner_id: site ? null : viewer.id,
        locale: p.locale ?? viewer.locale,
        country: site ? null : viewer.country,
        created_at: Date.now(),
      });
      return view.toRoom(viewer, room);
    },

    async getRooms(
      viewer: UserRow,
      p: { categoryName?: string; locale?: string; sort?: string; page?: number; limit?: number },
    ): Promise<ChatRoom[]> {
      await prune();
      let listed = await view.toRooms(
        viewer,
        await rooms.listed(viewer.id, { category: p.categoryName, locale: p.locale }),
      );
      if (p.sort === 'nearMe') listed = listed.filter((r) => r.isNearMe);
      if (p.sort === 'popularity')
        listed.sort((a, b) => (b.usersCount ?? 0) - (a.usersCount ?? 0) || a.id - b.id);
      const { offset, size } = pageOf(p, 50);
      return listed.slice(offset, offset + size);
    },

    async getRoom(viewer: UserRow, p: { roomId?: number; userId?: number }): Promise<ChatRoom> {
      if (p.userId && !p.roomId)
        return view.toRoom(viewer, await profileRoom(await people.visible(viewer, p.userId)));
      if (!p.roomId) throw invalid('roomId', 'validation.required');
      const room = await access.roomOr404(p.roomId);
      if (isPrivateRoom(room) && !(await access.seesInside(viewer, room))) {
        // Outside a private room: what an invitation shows, to whoever may come in or sees it listed.
        if (room.room_type === RoomType.PRIVATE) await access.checkAccess(viewer, room);
        else if (room.owner_id && (await graph.blockedEitherWay(room.owner_id, viewer.id)))
          throw forbidden('chat.blocked');
        return sealed(room);
      }
      if (room.room_type === RoomType.PRIVATE) await access.checkAccess(viewer, room);
      await prune([room.id]);
      return view.toRoom(viewer, room);
    },

    async recentRooms(viewer: UserRow, p: { page?: number; limit?: number }) {
      const { offset, size } = pageOf(p, 10);
      return view.toRooms(viewer, await rooms.recent(viewer.id, offset, size));
    },

    async deleteRoom(viewer: UserRow, roomId: number): Promise<boolean> {
      const room = await access.roomOr404(roomId);
      if (room.owner_id !== viewer.id && !viewer.is_admin) throw forbidden('chat.ownerOnly');
      const listeners = await members.memberIds(room.id);
      await unitOfWork(async (trx, after) => {
        await roomStore(trx).deleteRoom(room.id);
        after.publish(listeners, { type: 'chatRoomDeleted', roomId: room.id });
      });
      return true;
    },
  };
}
