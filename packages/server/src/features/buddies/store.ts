import { type BuddySort, OfflineCategory } from '@tertulia/contract';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/index';
import type { Database } from '../../db/schema';

const REQUEST = OfflineCategory.FRIEND_REQUEST;

/**
 * SQL for friend requests (offline messages of category 3), the writes to friendships (the
 * social graph is read through policy/graph.ts: docs/architecture.md, "The policy module") and
 * the member's own list settings. Bind it to a transaction to write inside one.
 */
export function buddyStore(db: Db) {
  const requests = (trx: Kysely<Database> = db) =>
    trx.selectFrom('offline_messages').where('category', '=', REQUEST).where('status', '=', 'pending');

  return {
    /** A member's row, whatever the viewer may see (the sender of a request, an invite). */
    member(id: number) {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },

    pendingBetween(sender: number, recipient: number) {
      return requests()
        .select('id')
        .where('sender_id', '=', sender)
        .where('recipient_id', '=', recipient)
        .executeTakeFirst();
    },

    /** An offline message by id, any category or status (to tell "not yours" from "answered"). */
    offlineMessage(id: number) {
      return db.selectFrom('offline_messages').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /**
     * Files a request; undefined when one from the sender to the recipient is already pending
     * (a unique index holds that, migration 047, so requests sent at once file one).
     */
    async insertRequest(values: {
      sender: number;
      recipient: number;
      body?: string;
      extra: object;
      now: number;
    }): Promise<number | undefined> {
      const row = await db
        .insertInto('offline_messages')
        .values({
          sender_id: values.sender,
          recipient_id: values.recipient,
          category: REQUEST,
          body: values.body ?? null,
          extra: JSON.stringify(values.extra),
          created_at: values.now,
        })
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id;
    },

    pendingFor(recipient: number, offset: number, limit: number) {
      return requests()
        .innerJoin('users', 'users.id', 'offline_messages.sender_id')
        .selectAll('users')
        .select([
          'offline_messages.id as request_id',
          'offline_messages.body as request_body',
          'offline_messages.created_at as request_time',
          'offline_messages.read_at as request_read',
        ])
        .where('recipient_id', '=', recipient)
        .where('users.banned_at', '=', 0)
        .orderBy('offline_messages.created_at', 'desc')
        .offset(offset)
        .limit(limit)
        .execute();
    },

    async markRead(ids: number[], now: number): Promise<void> {
      if (ids.length)
        await db.updateTable('offline_messages').set({ read_at: now }).where('id', 'in', ids).execute();
    },

    async pendingCount(recipient: number): Promise<number> {
      const row = await requests()
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('recipient_id', '=', recipient)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    async unreadOfflineCount(recipient: number): Promise<number> {
      const row = await db
        .selectFrom('offline_messages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('recipient_id', '=', recipient)
        .where('read_at', '=', 0)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /** Answers a pending request addressed to `recipient`; returns the sender, or undefined. */
    async answer(
      trx: Kysely<Database>,
      requestId: number,
      recipient: number,
      status: 'accepted' | 'denied',
      now: number,
    ) {
      const row = await requests(trx)
        .select('sender_id')
        .where('id', '=', requestId)
        .where('recipient_id', '=', recipient)
        .executeTakeFirst();
      if (!row) return undefined;
      const updated = await trx
        .updateTable('offline_messages')
        .set({ status, read_at: now })
        .where('id', '=', requestId)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      // A parallel answer got there first.
      return Number(updated.numUpdatedRows) === 1 ? row.sender_id : undefined;
    },

    async befriend(trx: Kysely<Database>, a: number, b: number, now: number): Promise<void> {
      await trx
        .insertInto('friendships')
        .values([
          { user_id: a, friend_id: b, created_at: now },
          { user_id: b, friend_id: a, created_at: now },
        ])
        .onConflict((oc) => oc.columns(['user_id', 'friend_id']).doNothing())
        .execute();
      // A request the other way is answered by this friendship too.
      await trx
        .updateTable('offline_messages')
        .set({ status: 'accepted', read_at: now })
        .where('category', '=', REQUEST)
        .where('status', '=', 'pending')
        .where((eb) =>
          eb.or([
            eb.and([eb('sender_id', '=', a), eb('recipient_id', '=', b)]),
            eb.and([eb('sender_id', '=', b), eb('recipient_id', '=', a)]),
          ]),
        )
        .execute();
    },

    async unfriend(a: number, b: number): Promise<number> {
      const result = await db
        .deleteFrom('friendships')
        .where((eb) =>
          eb.or([
            eb.and([eb('user_id', '=', a), eb('friend_id', '=', b)]),
            eb.and([eb('user_id', '=', b), eb('friend_id', '=', a)]),
          ]),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async setPosition(owner: number, friend: number, position: number): Promise<boolean> {
      const result = await db
        .updateTable('friendships')
        .set({ position })
        .where('user_id', '=', owner)
        .where('friend_id', '=', friend)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async setPrivate(owner: number, value: boolean): Promise<void> {
      await db
        .updateTable('users')
        .set({ buddies_private: value ? 1 : 0 })
        .where('id', '=', owner)
        .execute();
    },

    async setSort(owner: number, sort: BuddySort): Promise<void> {
      await db.updateTable('users').set({ buddy_sort: sort }).where('id', '=', owner).execute();
    },
  };
}

export type BuddyStore = ReturnType<typeof buddyStore>;
