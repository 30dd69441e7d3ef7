import { RoomType } from '@tertulia/contract';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Db } from '../../db/index';
import { prepared } from '../../db/prepared';
import type { ChatRoomsTable, Database } from '../../db/schema';
import { noBlockWith } from '../../policy/graph';

export type RoomRow = Selectable<ChatRoomsTable>;

// A line's statements, compiled once (db/prepared.ts): a busy room sends many a second.
const roomById = prepared((db: Kysely<Database>, id: number) =>
  db.selectFrom('chat_rooms').selectAll().where('id', '=', id),
);

/** The rooms themselves (chat_rooms). Times are epoch ms. */
export function roomStore(db: Db) {
  return {
    async room(id: number): Promise<RoomRow | undefined> {
      return (await roomById(db, id))[0];
    },

    /** Rooms by id (absent when deleted). */
    rooms(ids: number[]): Promise<RoomRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db.selectFrom('chat_rooms').selectAll().where('id', 'in', ids).execute();
    },

    profileRoom(ownerId: number): Promise<RoomRow | undefined> {
      return db
        .selectFrom('chat_rooms')
        .selectAll()
        .where('owner_id', '=', ownerId)
        .where('room_type', '=', RoomType.PROFILE_ROOM)
        .executeTakeFirst();
    },

    async insertRoom(values: Insertable<ChatRoomsTable>): Promise<RoomRow> {
      return db.insertInto('chat_rooms').values(values).returningAll().executeTakeFirstOrThrow();
    },

    gameRoom(gameId: number): Promise<RoomRow | undefined> {
      return db.selectFrom('chat_rooms').selectAll().where('game_id', '=', gameId).executeTakeFirst();
    },

    /** A game's room unless it has one: the unique index on game_id settles concurrent makers. */
    async insertGameRoom(values: Insertable<ChatRoomsTable> & { game_id: number }): Promise<void> {
      await db
        .insertInto('chat_rooms')
        .values(values)
        .onConflict((oc) => oc.column('game_id').doNothing())
        .execute();
    },

    /** The room and everything in it; run it in a transaction (rooms.ts deleteRoom). */
    async deleteRoom(id: number): Promise<void> {
      // Children first: SQLite runs without enforced cascades unless foreign keys are on.
      for (const table of [
        'chat_room_members',
        'chat_room_roles',
        'chat_entries',
        'chat_recent_rooms',
        'chat_moderation_log',
      ] as const) {
        await db.deleteFrom(table).where('room_id', '=', id).execute();
      }
      await db.deleteFrom('chat_rooms').where('id', '=', id).execute();
    },

    /**
     * Listed rooms: public, member-made public and invite only, but those whose owner and the
     * viewer are blocked either way.
     */
    listed(viewerId: number, filter: { category?: string; locale?: string }) {
      let q = db
        .selectFrom('chat_rooms')
        .selectAll()
        .where('room_type', 'in', [RoomType.PUBLIC, RoomType.USER_PUBLIC, RoomType.INVITE_ONLY])
        .where((eb) => noBlockWith(eb, viewerId, 'chat_rooms.owner_id'));
      if (filter.category) q = q.where('category', '=', filter.category);
      if (filter.locale) q = q.where('locale', '=', filter.locale);
      return q.orderBy('category').orderBy('room_type').orderBy('display_name').limit(1000).execute();
    },

    /** The member's recent rooms, but those whose owner and the member are blocked either way. */
    recent(userId: number, offset: number, limit: number) {
      return db
        .selectFrom('chat_recent_rooms as r')
        .innerJoin('chat_rooms as c', 'c.id', 'r.room_id')
        .selectAll('c')
        .where('r.user_id', '=', userId)
        .where((eb) => noBlockWith(eb, userId, 'c.owner_id'))
        .orderBy('r.entered_at', 'desc')
        .offset(offset)
        .limit(limit)
        .execute();
    },
  };
}
export type RoomStore = ReturnType<typeof roomStore>;
