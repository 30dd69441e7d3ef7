import { RoomType } from '@tertulia/contract';
import type { Db } from '../../db/index';
import { roomStore } from './room-store';

/** A game's room: open like a public room, for players and spectators alike. */
const GAME_ROOM = { category: 'Juegos', max_users: 200, locale: 'es' };

/**
 * Each game's chat room (room type 5, docs/games.md "The game's room"): made when the game is
 * registered, or the first time anyone asks for a game registered before. No owner: its doors are
 * a public room's (policy/graph.ts roomRefusal); admins moderate it.
 */
export function gameRooms(db: Db, clock: () => number = Date.now) {
  const rooms = roomStore(db);
  return {
    /** The game's room id, made once whatever the concurrency (a conditional insert, then the read). */
    async roomOf(game: { id: number; name: string }): Promise<number> {
      const held = await rooms.gameRoom(game.id);
      if (held) return held.id;
      const name = game.name.slice(0, 40);
      await rooms.insertGameRoom({
        ...GAME_ROOM,
        name,
        display_name: game.name.slice(0, 60),
        room_type: RoomType.GAME_CHAT,
        owner_id: null,
        country: null,
        created_at: clock(),
        game_id: game.id,
      });
      const made = await rooms.gameRoom(game.id);
      if (!made) throw new Error(`game ${game.id}: its room was neither made nor found`);
      return made.id;
    },
  };
}
export type GameRooms = ReturnType<typeof gameRooms>;
