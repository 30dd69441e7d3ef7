import type { Kysely, Selectable } from 'kysely';
import { prepared } from '../../db/prepared';
import type { Database, EphemeralItemsTable, EphemeralViewsTable } from '../../db/schema';

export type ItemRow = Selectable<EphemeralItemsTable>;
export type ViewRow = Selectable<EphemeralViewsTable>;

type DB = Kysely<Database>;

// The media link's reads, asked on every request for a view-once photo or video (media-route.ts),
// built and compiled once (db/prepared.ts). Built by Kysely per call they were ~39 % of the
// route's CPU samples; first byte p50 against a static file, A/B/A/B/A/B at load 8.7-10.5:
// 1.71, 1.73, 1.56x before, 1.38, 1.43, 1.37x after (tools/bench/README.md, "Session 14, perf-feed").
const itemById = prepared((db: DB, id: number, now: number) =>
  db.selectFrom('ephemeral_items').selectAll().where('id', '=', id).where('expires_at', '>', now),
);
const viewOf = prepared((db: DB, itemId: number, viewerId: number) =>
  db
    .selectFrom('ephemeral_views')
    .selectAll()
    .where('item_id', '=', itemId)
    .where('viewer_id', '=', viewerId),
);
const inConversation = prepared((db: DB, conversationId: number, userId: number) =>
  db
    .selectFrom('conversation_members')
    .select('user_id')
    .where('conversation_id', '=', conversationId)
    .where('user_id', '=', userId)
    .where('left_at', '=', 0),
);
const inRoom = prepared((db: DB, roomId: number, userId: number) =>
  db
    .selectFrom('chat_room_members')
    .select('user_id')
    .where('room_id', '=', roomId)
    .where('user_id', '=', userId),
);

/** All SQL of view-once items and their viewers' time. */
export function ephemeralStore(db: Kysely<Database>) {
  return {
    async insert(values: {
      author_id: number;
      kind: 'photo' | 'video';
      conversation_id: number | null;
      room_id: number | null;
      state: string;
      media_name: string | null;
      thumb_key: string | null;
      expiration: number;
      created_at: number;
      expires_at: number;
    }): Promise<number> {
      const row = await db
        .insertInto('ephemeral_items')
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** An item still within its retention. */
    async find(id: number, now: number): Promise<ItemRow | undefined> {
      return (await itemById(db, id, now))[0];
    },

    findAny: (id: number) =>
      db.selectFrom('ephemeral_items').selectAll().where('id', '=', id).executeTakeFirst(),

    async setReady(id: number, mediaName: string, thumbKey: string, expiration: number): Promise<boolean> {
      const r = await db
        .updateTable('ephemeral_items')
        .set({ state: 'ready', media_name: mediaName, thumb_key: thumbKey, expiration })
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    async setConversation(id: number, conversationId: number): Promise<void> {
      await db
        .updateTable('ephemeral_items')
        .set({ conversation_id: conversationId })
        .where('id', '=', id)
        .execute();
    },

    async setFailed(id: number): Promise<void> {
      await db.updateTable('ephemeral_items').set({ state: 'failed' }).where('id', '=', id).execute();
    },

    view: async (itemId: number, viewerId: number): Promise<ViewRow | undefined> =>
      (await viewOf(db, itemId, viewerId))[0],

    /** Every viewer's record with what the author's list shows of them. */
    views: (itemId: number): Promise<(ViewRow & { name: string; image1: string | null })[]> =>
      db
        .selectFrom('ephemeral_views as v')
        .innerJoin('users as u', 'u.id', 'v.viewer_id')
        .selectAll('v')
        .select(['u.name', 'u.image1'])
        .where('v.item_id', '=', itemId)
        .orderBy('v.first_viewed_at')
        .execute(),

    /** Starts a look (or keeps the running one): the clock counts from the time already used. */
    async startOpen(itemId: number, viewerId: number, now: number): Promise<void> {
      // Two conditional writes, so first opens sent at once record one look (docs/security.md,
      // "Races"): the first look is inserted once; a look that had ended starts again once.
      const first = await db
        .insertInto('ephemeral_views')
        .values({
          item_id: itemId,
          viewer_id: viewerId,
          viewed_ms: 0,
          opened_at: now,
          opened_base_ms: 0,
          first_viewed_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.columns(['item_id', 'viewer_id']).doNothing())
        .returning('item_id')
        .executeTakeFirst();
      if (first) return;
      await db
        .updateTable('ephemeral_views')
        .set((eb) => ({ opened_at: now, opened_base_ms: eb.ref('viewed_ms'), updated_at: now }))
        .where('item_id', '=', itemId)
        .where('viewer_id', '=', viewerId)
        .where('opened_at', 'is', null)
        .execute();
    },

    /** Records the time used and ends the running look. */
    async record(itemId: number, viewerId: number, viewedMs: number, now: number): Promise<void> {
      await db
        .insertInto('ephemeral_views')
        .values({
          item_id: itemId,
          viewer_id: viewerId,
          viewed_ms: viewedMs,
          opened_at: null,
          opened_base_ms: 0,
          first_viewed_at: now,
          updated_at: now,
        })
        .onConflict((oc) =>
          oc
            .columns(['item_id', 'viewer_id'])
            .doUpdateSet({ viewed_ms: viewedMs, opened_at: null, updated_at: now }),
        )
        .execute();
    },

    /** Whether the member takes part now in the item's conversation or room. */
    async isParticipant(item: ItemRow, userId: number): Promise<boolean> {
      const rows =
        item.conversation_id !== null
          ? await inConversation(db, item.conversation_id, userId)
          : await inRoom(db, item.room_id ?? 0, userId);
      return rows.length > 0;
    },

    /** Everyone taking part now (for pushes). */
    async participants(item: ItemRow): Promise<number[]> {
      const rows =
        item.conversation_id !== null
          ? await db
              .selectFrom('conversation_members')
              .select('user_id')
              .where('conversation_id', '=', item.conversation_id)
              .where('left_at', '=', 0)
              .execute()
          : await db
              .selectFrom('chat_room_members')
              .select('user_id')
              .where('room_id', '=', item.room_id ?? 0)
              .execute();
      return rows.map((r) => r.user_id);
    },

    expired: (now: number, limit: number): Promise<ItemRow[]> =>
      db
        .selectFrom('ephemeral_items')
        .selectAll()
        .where('expires_at', '<=', now)
        .orderBy('id')
        .limit(limit)
        .execute(),

    async remove(id: number): Promise<void> {
      await db.deleteFrom('ephemeral_views').where('item_id', '=', id).execute();
      await db.deleteFrom('ephemeral_items').where('id', '=', id).execute();
    },
  };
}

export type EphemeralStore = ReturnType<typeof ephemeralStore>;
