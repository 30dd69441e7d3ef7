import { type Selectable, sql } from 'kysely';
import { inTransaction } from '../../db/in-transaction';
import type { Db } from '../../db/index';
import type { ChatEntriesTable } from '../../db/schema';

export type EntryRow = Selectable<ChatEntriesTable>;

/** The lines said in rooms (chat_entries): public ones (dest_id 0) and private ones. Times are epoch ms. */
export function entryStore(db: Db) {
  return {
    async insertEntry(values: Omit<EntryRow, 'id' | 'is_read'>): Promise<EntryRow> {
      return db.insertInto('chat_entries').values(values).returningAll().executeTakeFirstOrThrow();
    },

    /**
     * A public line and, in the same transaction, the sender's chat point for it: one a line, up
     * to `cap` on the UTC day `day` (docs/member-fields.md). One upsert: no read before it.
     */
    async insertPublicLine(values: Omit<EntryRow, 'id' | 'is_read'>, day: number, cap: number) {
      return inTransaction(db, async (trx) => {
        const row = await trx
          .insertInto('chat_entries')
          .values(values)
          .returningAll()
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('member_points')
          .values({ user_id: values.sender_id, chat_points: 1, chat_day: day, chat_today: 1 })
          .onConflict((oc) =>
            oc.column('user_id').doUpdateSet((eb) => {
              const sameDay = eb('member_points.chat_day', '=', day);
              const counts = eb.or([eb.not(sameDay), eb('member_points.chat_today', '<', cap)]);
              return {
                chat_points: eb
                  .case()
                  .when(counts)
                  .then(eb('member_points.chat_points', '+', 1))
                  .else(eb.ref('member_points.chat_points'))
                  .end(),
                chat_today: eb
                  .case()
                  .when(eb.not(sameDay))
                  .then(eb.val(1))
                  .when(counts)
                  .then(eb('member_points.chat_today', '+', 1))
                  .else(eb.ref('member_points.chat_today'))
                  .end(),
                chat_day: day,
              };
            }),
          )
          .execute();
        return row;
      });
    },

    /** A member's latest public line sent up to `at` (what a report from a room is about). */
    async lastPublicLineBy(senderId: number, at: number): Promise<EntryRow | undefined> {
      return db
        .selectFrom('chat_entries')
        .selectAll()
        .where('sender_id', '=', senderId)
        .where('dest_id', '=', 0)
        .where('created_at', '<=', at)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /** The room's public lines around one line: `each` before it, the line, `each` after, in order. */
    async linesAround(roomId: number, line: EntryRow, each: number) {
      const base = () =>
        db
          .selectFrom('chat_entries')
          .innerJoin('users', 'users.id', 'chat_entries.sender_id')
          .innerJoin('chat_rooms', 'chat_rooms.id', 'chat_entries.room_id')
          .select([
            'chat_entries.id',
            'chat_entries.sender_id',
            'chat_entries.message',
            'chat_entries.created_at',
            'users.name as sender_name',
            'chat_rooms.name as room_name',
          ])
          .where('chat_entries.room_id', '=', roomId)
          .where('chat_entries.dest_id', '=', 0);
      const [before, after] = await Promise.all([
        base()
          .where('chat_entries.id', '<=', line.id)
          .orderBy('chat_entries.id', 'desc')
          .limit(each + 1)
          .execute(),
        base().where('chat_entries.id', '>', line.id).orderBy('chat_entries.id', 'asc').limit(each).execute(),
      ]);
      return [...before.reverse(), ...after];
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

    /**
     * The member's private threads in rooms: one per (room, other member), newest first, with the
     * thread's line count and the lines to the member still unread. `hidden` partners are left out.
     */
    async privateThreads(userId: number, hidden: number[], offset: number, limit: number) {
      // The id inlined (an integer): PostgreSQL matches GROUP BY to the SELECT by its text.
      const other = sql<number>`case when sender_id = ${sql.lit(Math.trunc(userId))} then dest_id else sender_id end`;
      let q = db
        .selectFrom('chat_entries')
        .select([
          'room_id',
          other.as('other_id'),
          (eb) => eb.fn.max('created_at').as('last_at'),
          (eb) => eb.fn.min('created_at').as('first_at'),
          (eb) => eb.fn.countAll<number>().as('n'),
          sql<number>`sum(case when dest_id = ${userId} and is_read = 0 then 1 else 0 end)`.as('unread'),
        ])
        .where('dest_id', '>', 0)
        .where((eb) => eb.or([eb('dest_id', '=', userId), eb('sender_id', '=', userId)]));
      if (hidden.length) q = q.where('sender_id', 'not in', hidden).where('dest_id', 'not in', hidden);
      const rows = await q
        .groupBy(['room_id', other])
        .orderBy((eb) => eb.fn.max('created_at'), 'desc')
        .offset(offset)
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        roomId: r.room_id,
        otherId: Number(r.other_id),
        lastAt: Number(r.last_at),
        firstAt: Number(r.first_at),
        count: Number(r.n),
        unread: Number(r.unread ?? 0),
      }));
    },

    /** The newest `max` private lines between two members in a room, oldest first. */
    async threadLines(roomId: number, a: number, b: number, max: number): Promise<EntryRow[]> {
      if (max === 0) return [];
      const rows = await db
        .selectFrom('chat_entries')
        .selectAll()
        .where('room_id', '=', roomId)
        .where((eb) =>
          eb.or([
            eb.and([eb('sender_id', '=', a), eb('dest_id', '=', b)]),
            eb.and([eb('sender_id', '=', b), eb('dest_id', '=', a)]),
          ]),
        )
        .orderBy('id', 'desc')
        .limit(max)
        .execute();
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
