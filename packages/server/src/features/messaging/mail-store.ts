import { OfflineCategory } from '@tertulia/contract';
import type { Db } from '../../db/index';

const MAIL = OfflineCategory.MESSAGE;

/** SQL for offline mail: category MESSAGE rows of offline_messages. */
export function mailStore(db: Db) {
  return {
    /** A page of the member's inbox or sent box, newest first, without mail of banned members. */
    page(memberId: number, box: 'inbox' | 'sent', offset: number, limit: number) {
      const mine = box === 'inbox' ? 'recipient_id' : 'sender_id';
      const theirs = box === 'inbox' ? 'sender_id' : 'recipient_id';
      return db
        .selectFrom('offline_messages as o')
        .innerJoin('users as u', 'u.id', `o.${theirs}`)
        .selectAll('o')
        .where(`o.${mine}`, '=', memberId)
        .where('o.category', '=', MAIL)
        .where('u.banned_at', '=', 0)
        .orderBy('o.created_at', 'desc')
        .orderBy('o.id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute();
    },

    async insert(
      values: {
        sender_id: number;
        recipient_id: number;
        subject: string | null;
        body: string;
        extra: string | null;
        created_at: number;
      },
      trx: Db = db,
    ): Promise<number> {
      const row = await trx
        .insertInto('offline_messages')
        .values({ ...values, category: MAIL })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** A mail addressed to the member, or undefined. */
    received(recipientId: number, id: number) {
      return db
        .selectFrom('offline_messages')
        .select(['id', 'read_at'])
        .where('id', '=', id)
        .where('recipient_id', '=', recipientId)
        .where('category', '=', MAIL)
        .executeTakeFirst();
    },

    async markRead(id: number, now: number) {
      await db.updateTable('offline_messages').set({ read_at: now }).where('id', '=', id).execute();
    },
  };
}
