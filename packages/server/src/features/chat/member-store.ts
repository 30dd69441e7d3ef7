import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../../db/dialect';
import type { Db } from '../../db/index';
import { prepared } from '../../db/prepared';
import type { Database } from '../../db/schema';
import { noBlockWith } from '../../policy/graph';

type DB = Kysely<Database>;

// A line's statements, compiled once (db/prepared.ts): a busy room sends many a second.
const membership = prepared((db: DB, roomId: number, userId: number) =>
  db
    .selectFrom('chat_room_members')
    .select('user_id')
    .where('room_id', '=', roomId)
    .where('user_id', '=', userId),
);
/**
 * The room's members but those ignoring the sender or blocked either way with them: one read served by both primary keys, as one
 * comma-separated string (a row per member cost ~1 µs each to hand to JavaScript, 500 a line).
 */
const listeners = prepared((db: DB, roomId: number, senderId: number) =>
  db
    .selectFrom('chat_room_members as m')
    .select(
      (isPostgres(db)
        ? sql<string | null>`string_agg(${sql.ref('m.user_id')}::text, ',')`
        : sql<string | null>`group_concat(${sql.ref('m.user_id')})`
      ).as('ids'),
    )
    .where('m.room_id', '=', roomId)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('chat_ignores as i')
            .select('i.user_id')
            .whereRef('i.user_id', '=', 'm.user_id')
            .where('i.ignored_id', '=', senderId),
        ),
      ),
    )
    .where((eb) => noBlockWith(eb, senderId, 'm.user_id')),
);

/** Remembers the room among the member's recent rooms. */
const remember = (db: DB, roomId: number, userId: number, now: number) =>
  db
    .insertInto('chat_recent_rooms')
    .values({ room_id: roomId, user_id: userId, entered_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'room_id']).doUpdateSet({ entered_at: now }))
    .execute();

/**
 * Seats the member when the room has a free place (or they are in it already): the count and the
 * insert are one statement, so no other join can slip between them. True when seated.
 */
async function seatIfFree(db: DB, roomId: number, userId: number, now: number): Promise<boolean> {
  const seated = await db
    .insertInto('chat_room_members')
    .columns(['room_id', 'user_id', 'entered_at'])
    .expression((eb) =>
      eb
        .selectFrom('chat_rooms as r')
        .select([
          'r.id as room_id',
          eb.cast<number>(eb.val(userId), 'integer').as('user_id'),
          eb.cast<number>(eb.val(now), 'bigint').as('entered_at'),
        ])
        .where('r.id', '=', roomId)
        .where((w) =>
          w.or([
            w(
              w
                .selectFrom('chat_room_members as m')
                .select((c) => c.fn.countAll<number>().as('n'))
                .where('m.room_id', '=', roomId),
              '<',
              w.ref('r.max_users'),
            ),
            w.exists(
              w
                .selectFrom('chat_room_members as me')
                .select('me.user_id')
                .where('me.room_id', '=', roomId)
                .where('me.user_id', '=', userId),
            ),
          ]),
        ),
    )
    .onConflict((oc) => oc.columns(['room_id', 'user_id']).doUpdateSet({ entered_at: now }))
    .returning('user_id')
    .execute();
  if (seated.length) await remember(db, roomId, userId, now);
  return seated.length > 0;
}

/** Who is in which room now (chat_room_members) and where members were lately (chat_recent_rooms). */
export function memberStore(db: Db) {
  const members = (roomId: number) =>
    db
      .selectFrom('chat_room_members')
      .select(['user_id', 'entered_at'])
      .where('room_id', '=', roomId)
      .execute();

  return {
    async counts(roomIds: number[]): Promise<Map<number, number>> {
      if (!roomIds.length) return new Map();
      const rows = await db
        .selectFrom('chat_room_members')
        .select(['room_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('room_id', 'in', roomIds)
        .groupBy('room_id')
        .execute();
      return new Map(rows.map((r) => [r.room_id, Number(r.n)]));
    },

    members,

    async memberIds(roomId: number): Promise<number[]> {
      return (await members(roomId)).map((m) => m.user_id);
    },

    /** Members who entered before `before` (candidates for pruning), in these rooms or all. */
    enteredBefore(before: number, roomIds?: number[]) {
      let q = db
        .selectFrom('chat_room_members')
        .select(['room_id', 'user_id'])
        .where('entered_at', '<', before);
      if (roomIds) q = q.where('room_id', 'in', roomIds);
      return q.limit(5000).execute();
    },

    async isMember(roomId: number, userId: number): Promise<boolean> {
      return (await membership(db, roomId, userId)).length > 0;
    },

    /** Who hears a line from `senderId` in the room: its members, but those who ignore the sender. */
    async listeners(roomId: number, senderId: number): Promise<number[]> {
      const [{ ids }] = await listeners(db, roomId, senderId);
      return ids ? ids.split(',').map(Number) : [];
    },

    /** Seats the member whatever the room's capacity (its owner, an admin, a member already in). */
    async enter(roomId: number, userId: number, now: number): Promise<void> {
      await db
        .insertInto('chat_room_members')
        .values({ room_id: roomId, user_id: userId, entered_at: now })
        .onConflict((oc) => oc.columns(['room_id', 'user_id']).doUpdateSet({ entered_at: now }))
        .execute();
      await remember(db, roomId, userId, now);
    },

    /**
     * Seats the member only while the room has a free place; false when it is full. SQLite runs
     * one writer at a time, so the one statement is atomic; on PostgreSQL concurrent statements
     * would each count the places before the others commit, so the room's row is locked first.
     */
    async enterIfFree(roomId: number, userId: number, now: number): Promise<boolean> {
      if (!isPostgres(db)) return seatIfFree(db, roomId, userId, now);
      const seat = async (trx: Db) => {
        await trx.selectFrom('chat_rooms').select('id').where('id', '=', roomId).forUpdate().execute();
        return seatIfFree(trx, roomId, userId, now);
      };
      // Inside a unit of work the lock is held by its transaction, until it commits.
      return db.isTransaction ? seat(db) : db.transaction().execute(seat);
    },

    /** Removes the member; returns the rooms they were in (and remembers when they left them). */
    async leave(userId: number, roomId?: number, now = Date.now()): Promise<number[]> {
      let q = db.deleteFrom('chat_room_members').where('user_id', '=', userId);
      if (roomId) q = q.where('room_id', '=', roomId);
      const left = (await q.returning('room_id').execute()).map((r) => r.room_id);
      if (left.length)
        await db
          .updateTable('chat_recent_rooms')
          .set({ left_at: now })
          .where('user_id', '=', userId)
          .where('room_id', 'in', left)
          .execute();
      return left;
    },

    /** Whether the member is in the room now, or entered or left it since `since`. */
    async inRoomSince(roomId: number, userId: number, since: number): Promise<boolean> {
      if ((await membership(db, roomId, userId)).length > 0) return true;
      const row = await db
        .selectFrom('chat_recent_rooms')
        .select('user_id')
        .where('user_id', '=', userId)
        .where('room_id', '=', roomId)
        .where((eb) => eb.or([eb('entered_at', '>=', since), eb('left_at', '>=', since)]))
        .executeTakeFirst();
      return !!row;
    },

    /** Of these rooms, those the member is in now. */
    async roomsIn(userId: number, roomIds: number[]): Promise<Set<number>> {
      if (!roomIds.length) return new Set();
      const rows = await db
        .selectFrom('chat_room_members')
        .select('room_id')
        .where('user_id', '=', userId)
        .where('room_id', 'in', roomIds)
        .execute();
      return new Set(rows.map((r) => r.room_id));
    },
  };
}
export type MemberStore = ReturnType<typeof memberStore>;
