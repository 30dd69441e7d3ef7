import type { Selectable } from 'kysely';
import type { Db } from '../../db/index';
import type { ChatEntriesTable } from '../../db/schema';

export type EntryRow = Selectable<ChatEntriesTable>;

/** The lines said in rooms (chat_entries): public ones (dest_id 0) and private ones. Times are epoch ms. */
export function entryStore(db: Db) {
  return {
    async insertEntry(values: Omit<EntryRow, 'id' | 'is_read'>): Promise<EntryRow> {
      return db.insertInto('chat_entries').values(values).returningAll().executeTakeFirstOrThrow();
    },

    /** The room's public lines after minTimestamp, newest `max` of them, oldest first. */
    async entries(roomId: number, minTimestamp: number, max: number, hidden: number[]): Promise<EntryRow[]> {
      let q = db
        .selectFrom('chat_entries')
        .selectAll()
        .where('room_id', '=', roomId)
        .where('dest_id', '=', 0)
        .where('created_at', '>', minTimestamp);
      if (hidden.length) q = q.where('sender_id', 'not in', hidden);
      const rows = await q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(max).execute();
      return rows.reverse();
    },

    async privateEntries(
      roomId: number,
      userId: number,
      minTimestamp: number,
      max: number,
      hidden: number[],
    ) {
      let q = db
        .selectFrom('chat_entries')
        .selectAll()
        .where('room_id', '=', roomId)
        .where('dest_id', '>', 0)
        .where((eb) => eb.or([eb('dest_id', '=', userId), eb('sender_id', '=', userId)]))
        .where('created_at', '>', minTimestamp);
      if (hidden.length) q = q.where('sender_id', 'not in', hidden);
      const rows = await q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(max).execute();
      return rows.reverse();
    },

    async markRead(roomId: number, userId: number, upToId: number): Promise<void> {
      await db
        .updateTable('chat_entries')
        .set({ is_read: 1 })
        .where('dest_id', '=', userId)
        .where('is_read', '=', 0)
        .where('room_id', '=', roomId)
        .where('id', '<=', upToId)
        .execute();
    },

    async unreadCount(userId: number, roomId: number | undefined, hidden: number[]): Promise<number> {
      let q = db
        .selectFrom('chat_entries')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('dest_id', '=', userId)
        .where('is_read', '=', 0);
      if (roomId) q = q.where('room_id', '=', roomId);
      if (hidden.length) q = q.where('sender_id', 'not in', hidden);
      return Number((await q.executeTakeFirstOrThrow()).n);
    },

    /** Senders of public lines, most lines first, since a time (in a room or all). */
    async leaders(since: number, roomId: number | undefined, offset: number, limit: number) {
      let q = db
        .selectFrom('chat_entries')
        .select(['sender_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('dest_id', '=', 0)
        .where('created_at', '>=', since);
      if (roomId) q = q.where('room_id', '=', roomId);
      const rows = await q
        .groupBy('sender_id')
        .orderBy((eb) => eb.fn.countAll(), 'desc')
        .orderBy('sender_id')
        .offset(offset)
        .limit(limit)
        .execute();
      return rows.map((r) => ({ userId: r.sender_id, score: Number(r.n) }));
    },
  };
}
export type EntryStore = ReturnType<typeof entryStore>;
