import { RoomType } from '@tertulia/contract';
import type { Db } from '../../db/index';
import { roomStore } from './room-store';

/**
 * A live broadcast's chat room (docs/live.md, "The broadcast's chat"), made when the broadcast
 * starts. Its owner is the streamer, so the streamer moderates it with the room moderation that
 * exists (kick, block, gag) and admins as everywhere; nobody enters across a block with the
 * owner (policy/graph.ts roomRefusal). A public profile's room is a type 5 room, like a game's:
 * open, not in the room directory; a private profile's is a private room (3): friends only.
 */
export function liveRooms(db: Db, clock: () => number = Date.now) {
  const rooms = roomStore(db);
  return {
    async roomFor(streamer: {
      id: number;
      name: string;
      locale: string;
      country: string | null;
      privateProfile: boolean;
    }): Promise<number> {
      const room = await rooms.insertRoom({
        name: `${streamer.name}`.slice(0, 40),
        display_name: `🔴 ${streamer.name}`.slice(0, 60),
        category: 'Directo',
        room_type: streamer.privateProfile ? RoomType.PRIVATE : RoomType.GAME_CHAT,
        max_users: 1000,
        owner_id: streamer.id,
        locale: streamer.locale,
        country: streamer.country,
        created_at: clock(),
      });
      return room.id;
    },
  };
}
export type LiveRooms = ReturnType<typeof liveRooms>;
