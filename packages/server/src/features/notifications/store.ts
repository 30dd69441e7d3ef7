import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { noBlockWith } from '../../policy/graph';

/** A notice to store (notices.ts decides whether it is stored at all). */
export interface NoticeRow {
  userId: number;
  kind: string;
  actorId: number;
  itemType?: number;
  itemId?: number;
  url?: string;
  createdAt: number;
}

/** All of the notices' SQL; `db` may be the caller's transaction. */
export function noticeStore(db: Kysely<Database>) {
  return {
    /** A member's notification switches (settings), read inside the notifying transaction. */
    switchesOf(userId: number) {
      return db
        .selectFrom('users')
        .select(['notify_messages', 'notify_friend_requests', 'notify_likes_comments', 'notify_chat_invites'])
        .where('id', '=', userId)
        .executeTakeFirst();
    },

    async insert(n: NoticeRow): Promise<number> {
      const { id } = await db
        .insertInto('notifications')
        .values({
          user_id: n.userId,
          kind: n.kind,
          actor_id: n.actorId,
          item_type: n.itemType ?? null,
          item_id: n.itemId ?? null,
          url: n.url ?? null,
          created_at: n.createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    async unread(userId: number): Promise<number> {
      const row = await db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('read_at', '=', 0)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** What a push of each notice says: its receiver's language and its actor's name. */
    forPush(ids: number[]) {
      return db
        .selectFrom('notifications as n')
        .innerJoin('users as r', 'r.id', 'n.user_id')
        .innerJoin('users as a', 'a.id', 'n.actor_id')
        .select(['n.id', 'n.user_id', 'n.kind', 'n.item_type', 'n.url', 'r.locale', 'a.name as actorName'])
        .where('n.id', 'in', ids)
        .execute();
    },

    /** A member's notices, newest first; none from members either side blocked. */
    list(userId: number, p: { offset: number; limit: number; unreadOnly?: boolean }) {
      let q = db
        .selectFrom('notifications')
        .selectAll()
        .where('user_id', '=', userId)
        .where((eb) => noBlockWith(eb, userId, 'notifications.actor_id'));
      if (p.unreadOnly) q = q.where('read_at', '=', 0);
      return q.orderBy('id', 'desc').offset(p.offset).limit(p.limit).execute();
    },

    membersByIds(ids: number[]) {
      if (!ids.length) return Promise.resolve([]);
      return db.selectFrom('users').selectAll().where('id', 'in', ids).execute();
    },

    async markRead(userId: number, ids: number[] | undefined, now: number): Promise<void> {
      let q = db
        .updateTable('notifications')
        .set({ read_at: now })
        .where('user_id', '=', userId)
        .where('read_at', '=', 0);
      if (ids?.length) q = q.where('id', 'in', ids);
      await q.execute();
    },

    /** Drops the notices about an item (the item is being deleted). */
    async dropAbout(itemType: number, itemId: number): Promise<void> {
      await db
        .deleteFrom('notifications')
        .where('item_type', '=', itemType)
        .where('item_id', '=', itemId)
        .execute();
    },
  };
}
