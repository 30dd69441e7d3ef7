import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/index';
import { prepared } from '../../db/prepared';
import type { Database, GiftSendsTable, GiftsTable } from '../../db/schema';

export type GiftRow = Selectable<GiftsTable>;
export type GiftSendRow = Selectable<GiftSendsTable>;
type Q = Kysely<Database>;

// Every gift sent writes one: compiled once (db/prepared.ts; tools/bench/gifts.ts).
const insertSend = prepared(
  (
    q: Q,
    transferKey: string,
    giftId: number,
    senderId: number,
    receiverId: number,
    source: string,
    conversationId: number | null,
    roomId: number | null,
    price: number,
    value: number,
    createdAt: number,
  ) =>
    q
      .insertInto('gift_sends')
      .values({
        transfer_key: transferKey,
        gift_id: giftId,
        sender_id: senderId,
        receiver_id: receiverId,
        source,
        conversation_id: conversationId,
        room_id: roomId,
        price,
        value,
        created_at: createdAt,
      })
      .returning('id'),
);

/** The gift catalogue, gifts given, vouchers and the received-gift help flag: all their SQL. */
export function giftStore(db: Db) {
  return {
    /** The catalogue in the dialog's order (tag, then position); retired gifts only when asked by id. */
    catalogue(tag?: string): Promise<GiftRow[]> {
      let query = db.selectFrom('gifts').selectAll().where('retired', '=', 0);
      if (tag) query = query.where('tag', '=', tag);
      return query.orderBy('tag').orderBy('position').orderBy('id').execute();
    },

    byId(id: number, q: Q = db): Promise<GiftRow | undefined> {
      return q.selectFrom('gifts').selectAll().where('id', '=', id).executeTakeFirst();
    },

    byIds(ids: number[]): Promise<GiftRow[]> {
      if (!ids.length) return Promise.resolve([]);
      return db.selectFrom('gifts').selectAll().where('id', 'in', ids).execute();
    },

    async artOf(id: number): Promise<string | undefined> {
      const row = await db.selectFrom('gifts').select('art').where('id', '=', id).executeTakeFirst();
      return row?.art;
    },

    async insertGift(values: Insertable<GiftsTable>): Promise<number> {
      const row = await db.insertInto('gifts').values(values).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    async updateGift(id: number, values: Updateable<GiftsTable>): Promise<boolean> {
      if (Object.keys(values).length === 0) return (await this.byId(id)) !== undefined;
      const result = await db.updateTable('gifts').set(values).where('id', '=', id).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async insertSend(trx: Q, v: Insertable<GiftSendsTable>): Promise<number> {
      const [row] = await insertSend(
        trx,
        v.transfer_key,
        v.gift_id,
        v.sender_id,
        v.receiver_id,
        v.source,
        v.conversation_id ?? null,
        v.room_id ?? null,
        v.price,
        v.value,
        Number(v.created_at),
      );
      return row.id;
    },

    sendById(id: number): Promise<GiftSendRow | undefined> {
      return db.selectFrom('gift_sends').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Gifts a member received or sent, newest first. */
    sends(
      userId: number,
      side: 'receiver_id' | 'sender_id',
      limit: number,
      offset: number,
    ): Promise<GiftSendRow[]> {
      return db
        .selectFrom('gift_sends')
        .selectAll()
        .where(side, '=', userId)
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    async helperSeen(userId: number, type: string): Promise<boolean> {
      const row = await db
        .selectFrom('gift_helper_seen')
        .select('seen_at')
        .where('user_id', '=', userId)
        .where('type', '=', type)
        .executeTakeFirst();
      return row !== undefined;
    },

    async setHelperSeen(userId: number, type: string, now: number): Promise<void> {
      await db
        .insertInto('gift_helper_seen')
        .values({ user_id: userId, type, seen_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'type']).doNothing())
        .execute();
    },

    /** Members by id, for presenting senders and receivers. */
    usersByIds(ids: number[]) {
      if (!ids.length) return Promise.resolve([]);
      return db.selectFrom('users').selectAll().where('id', 'in', ids).execute();
    },
  };
}

export type GiftStore = ReturnType<typeof giftStore>;
