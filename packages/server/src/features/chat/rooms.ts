import type { ChatRoom } from '@tertulia/contract';
import type { UserRow } from '../../http/context';
import { forbidden, invalid } from '../../http/errors';
import { blockedWithAmong } from '../people/blocks';
import { type ChatContext, DAY, ref } from './context';

/** Rooms: listing, profile rooms, entering and leaving, who is in, recent rooms, leaderboards. */
export function roomCalls(x: ChatContext) {
  const {
    deps,
    people,
    store,
    peopleRows,
    limit,
    roomOr404,
    memberIds,
    prune,
    checkAccess,
    checkInside,
    seesInside,
    isPrivate,
    sealed,
    publishAbout,
    toRooms,
    profileRoom,
    leaderEntries,
    toRoom,
    offset,
  } = x;
  return {
    async createRoom(
      viewer: UserRow,
      p: { name: string; roomType: number; maxUsers?: number; categoryName?: string; locale?: string },
    ): Promise<ChatRoom> {
      if (p.roomType === 1) return toRoom(viewer, await profileRoom(viewer));
      if (p.roomType === 0 && !viewer.is_admin) throw forbidden('forbidden.admin');
      const name = p.name.trim();
      if (name.length < 3) throw invalid('name', 'validation.tooShort');
      await limit(`chat:create:${viewer.id}`, 10, DAY);
      const room = await store.insertRoom({
        name,
        display_name: name,
        category: p.categoryName?.trim() || (p.roomType === 0 ? 'General' : 'Miembros'),
        room_type: p.roomType,
        max_users: p.maxUsers ?? (p.roomType === 0 ? 200 : 50),
        owner_id: p.roomType === 0 ? null : viewer.id,
        locale: p.locale ?? viewer.locale,
        country: p.roomType === 0 ? null : viewer.country,
        created_at: Date.now(),
      });
      return toRoom(viewer, room);
    },

    async getRooms(
      viewer: UserRow,
      p: { categoryName?: string; locale?: string; sort?: string; page?: number; limit?: number },
    ): Promise<ChatRoom[]> {
      await prune();
      let rooms = await toRooms(
        viewer,
        await store.listed(viewer.id, { category: p.categoryName, locale: p.locale }),
      );
      if (p.sort === 'nearMe') rooms = rooms.filter((r) => r.isNearMe);
      if (p.sort === 'popularity')
        rooms.sort((a, b) => (b.usersCount ?? 0) - (a.usersCount ?? 0) || a.id - b.id);
      const { offset: from, size } = offset(p, 50);
      return rooms.slice(from, from + size);
    },

    async getRoom(viewer: UserRow, p: { roomId?: number; userId?: number }): Promise<ChatRoom> {
      if (p.userId && !p.roomId)
        return toRoom(viewer, await profileRoom(await people.visible(viewer, p.userId)));
      if (!p.roomId) throw invalid('roomId', 'validation.required');
      const room = await roomOr404(p.roomId);
      if (isPrivate(room) && !(await seesInside(viewer, room))) {
        // Outside a private room: what an invitation shows, to whoever may come in or sees it listed.
        if (room.room_type === 3) await checkAccess(viewer, room);
        else if (room.owner_id && (await peopleRows.blockedEitherWay(room.owner_id, viewer.id)))
          throw forbidden('chat.blocked');
        return sealed(room);
      }
      if (room.room_type === 3) await checkAccess(viewer, room);
      await prune([room.id]);
      return toRoom(viewer, room);
    },

    async enterRoom(viewer: UserRow, roomId: number): Promise<ChatRoom> {
      const room = await roomOr404(roomId);
      const s = await checkAccess(viewer, room);
      const already = await store.isMember(room.id, viewer.id);
      if (!already) {
        await prune([room.id]);
        const count = (await store.counts([room.id])).get(room.id) ?? 0;
        if (count >= room.max_users && !s.owner && !viewer.is_admin) throw forbidden('chat.full');
      }
      await store.enter(room.id, viewer.id, Date.now());
      if (!already) {
        await publishAbout(viewer, await memberIds(room.id), {
          type: 'chatRoomUser',
          roomId: room.id,
          user: ref(viewer),
          action: 'entered',
        });
      }
      return toRoom(viewer, room);
    },

    async leaveRoom(viewer: UserRow, roomId?: number): Promise<boolean> {
      const left = await store.leave(viewer.id, roomId);
      for (const id of left) {
        await publishAbout(viewer, [viewer.id, ...(await memberIds(id))], {
          type: 'chatRoomUser',
          roomId: id,
          user: ref(viewer),
          action: 'left',
        });
      }
      return left.length > 0;
    },

    async usersInRoom(
      viewer: UserRow,
      p: { roomId: number; sortByEntryTime?: boolean; page?: number; limit?: number },
      name?: string,
    ) {
      const room = await roomOr404(p.roomId);
      await checkInside(viewer, room);
      await prune([room.id]);
      const members = await store.members(room.id);
      const entered = new Map(members.map((m) => [m.user_id, m.entered_at]));
      // A block either way: neither sees the other in the room's list.
      const blocked = await blockedWithAmong(deps.db, viewer.id, [...entered.keys()]);
      let rows = (await peopleRows.byIds([...entered.keys()])).filter(
        (r) => r.banned_at === 0 && !blocked.has(r.id),
      );
      if (name) rows = rows.filter((r) => r.name_lower.startsWith(name.trim().toLowerCase()));
      rows.sort((a, b) =>
        p.sortByEntryTime
          ? entered.get(b.id)! - entered.get(a.id)! || a.id - b.id
          : a.name_lower.localeCompare(b.name_lower),
      );
      const { offset: from, size } = offset(p, name ? 20 : 100);
      return people.present(viewer, rows.slice(from, from + size));
    },

    async usersCount(viewer: UserRow, roomId: number): Promise<number> {
      const room = await roomOr404(roomId);
      if (isPrivate(room)) await checkInside(viewer, room);
      await prune([roomId]);
      return (await store.counts([roomId])).get(roomId) ?? 0;
    },

    async recentRooms(viewer: UserRow, p: { page?: number; limit?: number }) {
      const { offset: from, size } = offset(p, 10);
      return toRooms(viewer, await store.recent(viewer.id, from, size));
    },

    async roomLeaders(
      viewer: UserRow,
      p: { roomId: number; minTimestamp?: number; page?: number; limit?: number },
    ) {
      const room = await roomOr404(p.roomId);
      await checkInside(viewer, room);
      const { offset: from, size } = offset(p, 10);
      return leaderEntries(
        viewer,
        await store.leaders(p.minTimestamp ?? Date.now() - DAY, room.id, from, size),
      );
    },

    async leaderboard(
      viewer: UserRow,
      p: { roomId?: number; days?: number; page?: number; resultsPerPage?: number },
    ) {
      if (p.roomId) await checkInside(viewer, await roomOr404(p.roomId));
      const size = p.resultsPerPage ?? 20;
      const since = Date.now() - (p.days ?? 7) * DAY;
      return leaderEntries(viewer, await store.leaders(since, p.roomId, ((p.page ?? 1) - 1) * size, size));
    },
  };
}
