import { type Kysely, type Selectable, sql } from 'kysely';
import { isPostgres } from '../../db/dialect';
import type { Db } from '../../db/index';
import { prepared } from '../../db/prepared';
import type { ChatEntriesTable, ChatRoomRolesTable, ChatRoomsTable, Database } from '../../db/schema';
import { noBlockWith } from '../people/blocks';

export type RoomRow = Selectable<ChatRoomsTable>;
export type EntryRow = Selectable<ChatEntriesTable>;
export type Role = ChatRoomRolesTable['role'];

type DB = Kysely<Database>;

// A line's statements, compiled once (db/prepared.ts): a busy room sends many a second.
const roomById = prepared((db: DB, id: number) =>
  db.selectFrom('chat_rooms').selectAll().where('id', '=', id),
);
const membership = prepared((db: DB, roomId: number, userId: number) =>
  db
    .selectFrom('chat_room_members')
    .select('user_id')
    .where('room_id', '=', roomId)
    .where('user_id', '=', userId),
);
const settingsOf = prepared((db: DB, userId: number) =>
  db.selectFrom('chat_settings').selectAll().where('user_id', '=', userId),
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

/** Chat SQL. Times are epoch ms. */
export function chatStore(db: Db) {
  return {
    /** The site-wide chat gag on the member (admins only: features/chat/moderation.ts). */
    async setSiteGag(userId: number, until: number): Promise<void> {
      await db.updateTable('users').set({ chat_gag_until: until }).where('id', '=', userId).execute();
    },

    async room(id: number): Promise<RoomRow | undefined> {
      return (await roomById(db, id))[0];
    },

    profileRoom(ownerId: number): Promise<RoomRow | undefined> {
      return db
        .selectFrom('chat_rooms')
        .selectAll()
        .where('owner_id', '=', ownerId)
        .where('room_type', '=', 1)
        .executeTakeFirst();
    },

    async insertRoom(values: Omit<RoomRow, 'id'>): Promise<RoomRow> {
      return db.insertInto('chat_rooms').values(values).returningAll().executeTakeFirstOrThrow();
    },

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
     * Listed rooms: public (0), member-made public (2) and invite only (4), but those whose owner
     * and the viewer are blocked either way.
     */
    listed(viewerId: number, filter: { category?: string; locale?: string }) {
      let q = db
        .selectFrom('chat_rooms')
        .selectAll()
        .where('room_type', 'in', [0, 2, 4])
        .where((eb) => noBlockWith(eb, viewerId, 'chat_rooms.owner_id'));
      if (filter.category) q = q.where('category', '=', filter.category);
      if (filter.locale) q = q.where('locale', '=', filter.locale);
      return q.orderBy('category').orderBy('room_type').orderBy('display_name').limit(1000).execute();
    },

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

    members(roomId: number) {
      return db
        .selectFrom('chat_room_members')
        .select(['user_id', 'entered_at'])
        .where('room_id', '=', roomId)
        .execute();
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

    async enter(roomId: number, userId: number, now: number): Promise<void> {
      await db
        .insertInto('chat_room_members')
        .values({ room_id: roomId, user_id: userId, entered_at: now })
        .onConflict((oc) => oc.columns(['room_id', 'user_id']).doUpdateSet({ entered_at: now }))
        .execute();
      await db
        .insertInto('chat_recent_rooms')
        .values({ room_id: roomId, user_id: userId, entered_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'room_id']).doUpdateSet({ entered_at: now }))
        .execute();
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

    /** The member's live roles in these rooms (moderator, gagged...), with their ends. */
    rolesIn(userId: number, roomIds: number[], now: number) {
      if (!roomIds.length) return Promise.resolve([]);
      return db
        .selectFrom('chat_room_roles')
        .select(['room_id', 'role', 'until'])
        .where('user_id', '=', userId)
        .where('room_id', 'in', roomIds)
        .where((eb) => eb.or([eb('until', '=', 0), eb('until', '>', now)]))
        .execute();
    },

    /** Of these members, who is gagged in the room now, with the gag's end. */
    async gagsIn(roomId: number, userIds: number[], now: number): Promise<Map<number, number>> {
      if (!userIds.length) return new Map();
      const rows = await db
        .selectFrom('chat_room_roles')
        .select(['user_id', 'until'])
        .where('room_id', '=', roomId)
        .where('role', '=', 'gagged')
        .where('user_id', 'in', userIds)
        .where('until', '>', now)
        .execute();
      return new Map(rows.map((r) => [r.user_id, Number(r.until)]));
    },

    roomsOf(userId: number) {
      return db.selectFrom('chat_room_members').select('room_id').where('user_id', '=', userId).execute();
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

    async roles(roomId: number, userId: number, now: number): Promise<Set<Role>> {
      const rows = await db
        .selectFrom('chat_room_roles')
        .select(['role', 'until'])
        .where('room_id', '=', roomId)
        .where('user_id', '=', userId)
        .execute();
      return new Set(rows.filter((r) => r.until === 0 || r.until > now).map((r) => r.role));
    },

    async setRole(roomId: number, userId: number, role: Role, now: number, until = 0): Promise<void> {
      await db
        .insertInto('chat_room_roles')
        .values({ room_id: roomId, user_id: userId, role, until, created_at: now })
        .onConflict((oc) =>
          oc.columns(['room_id', 'user_id', 'role']).doUpdateSet({ until, created_at: now }),
        )
        .execute();
    },

    async dropRole(roomId: number, userId: number, role: Role): Promise<boolean> {
      const result = await db
        .deleteFrom('chat_room_roles')
        .where('room_id', '=', roomId)
        .where('user_id', '=', userId)
        .where('role', '=', role)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async withRole(roomId: number, role: Role): Promise<number[]> {
      const rows = await db
        .selectFrom('chat_room_roles')
        .select('user_id')
        .where('room_id', '=', roomId)
        .where('role', '=', role)
        .orderBy('created_at')
        .execute();
      return rows.map((r) => r.user_id);
    },

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

    /** Background colours of the given members who chose one. */
    async bgColors(userIds: number[]): Promise<Map<number, string>> {
      if (!userIds.length) return new Map();
      const rows = await db
        .selectFrom('chat_settings')
        .select(['user_id', 'bg_color'])
        .where('user_id', 'in', userIds)
        .where('bg_color', 'is not', null)
        .execute();
      return new Map(rows.flatMap((r) => (r.bg_color ? [[r.user_id, r.bg_color] as const] : [])));
    },

    async settings(userId: number) {
      return (await settingsOf(db, userId))[0];
    },

    async saveSettings(
      userId: number,
      values: Partial<{
        color: string;
        bg_color: string;
        emoticon_path: string;
        layout_style: string;
        collapse_images: number;
      }>,
    ): Promise<void> {
      await db
        .insertInto('chat_settings')
        .values({ user_id: userId, ...values })
        .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
        .execute();
    },

    async ignoredBy(userId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('chat_ignores')
        .select('ignored_id')
        .where('user_id', '=', userId)
        .execute();
      return rows.map((r) => r.ignored_id);
    },

    async ignore(userId: number, ignoredId: number, now: number): Promise<void> {
      await db
        .insertInto('chat_ignores')
        .values({ user_id: userId, ignored_id: ignoredId, created_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'ignored_id']).doNothing())
        .execute();
    },

    async unignore(userId: number, ignoredId: number): Promise<void> {
      await db
        .deleteFrom('chat_ignores')
        .where('user_id', '=', userId)
        .where('ignored_id', '=', ignoredId)
        .execute();
    },

    async isIgnored(userId: number, ignoredId: number): Promise<boolean> {
      const row = await db
        .selectFrom('chat_ignores')
        .select('user_id')
        .where('user_id', '=', userId)
        .where('ignored_id', '=', ignoredId)
        .executeTakeFirst();
      return !!row;
    },

    /** One moderation action: who, whom, where (null: every room) and until when (0: no end). */
    async log(entry: {
      roomId: number | null;
      actorId: number;
      targetId: number;
      action: string;
      now: number;
      until?: number;
    }): Promise<void> {
      await db
        .insertInto('chat_moderation_log')
        .values({
          room_id: entry.roomId,
          actor_id: entry.actorId,
          target_id: entry.targetId,
          action: entry.action,
          until: entry.until ?? 0,
          created_at: entry.now,
        })
        .execute();
    },

    moderationLog(roomId: number, offset: number, limit: number) {
      return db
        .selectFrom('chat_moderation_log')
        .selectAll()
        .where('room_id', '=', roomId)
        .orderBy('id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute();
    },

    async areFriends(a: number, b: number): Promise<boolean> {
      const row = await db
        .selectFrom('friendships')
        .select('user_id')
        .where('user_id', '=', a)
        .where('friend_id', '=', b)
        .executeTakeFirst();
      return !!row;
    },

    usersByNames(names: string[]) {
      return db
        .selectFrom('users')
        .selectAll()
        .where(
          'name_lower',
          'in',
          names.map((n) => n.toLowerCase()),
        )
        .execute();
    },
  };
}

export type ChatStore = ReturnType<typeof chatStore>;
