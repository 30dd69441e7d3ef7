import { OfflineCategory } from '@tertulia/contract';
import type { Db } from '../../db/index';

/**
 * SQL for bringing friends back: churned-friend dismissals and invites (a come-back invite also
 * leaves an offline message of category 2). Bind it to a transaction to write inside one.
 */
export function inviteStore(db: Db) {
  return {
    async dismissChurn(owner: number, friend: number, type: number): Promise<void> {
      await db
        .insertInto('churn_dismissals')
        .values({ user_id: owner, friend_id: friend, type })
        .onConflict((oc) => oc.columns(['user_id', 'friend_id', 'type']).doNothing())
        .execute();
    },

    async churnDismissed(owner: number, type: number): Promise<Set<number>> {
      const rows = await db
        .selectFrom('churn_dismissals')
        .select('friend_id')
        .where('user_id', '=', owner)
        .where('type', '=', type)
        .execute();
      return new Set(rows.map((r) => r.friend_id));
    },

    async invitedBy(sender: number): Promise<Set<number>> {
      const rows = await db
        .selectFrom('buddy_invites')
        .select('recipient_id')
        .where('sender_id', '=', sender)
        .where('accepted', '=', 0)
        .where('recipient_id', 'is not', null)
        .execute();
      return new Set(rows.map((r) => r.recipient_id!));
    },

    insertInvite(values: {
      sender: number;
      recipient: number | null;
      type: number;
      code: string;
      now: number;
    }) {
      return db
        .insertInto('buddy_invites')
        .values({
          sender_id: values.sender,
          recipient_id: values.recipient,
          type: values.type,
          code: values.code,
          created_at: values.now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** The come-back invite's entry in the friend's offline messages; returns its id. */
    async insertInviteMessage(values: {
      sender: number;
      recipient: number;
      subject: string;
      inviteId: number;
      now: number;
    }): Promise<number> {
      const row = await db
        .insertInto('offline_messages')
        .values({
          sender_id: values.sender,
          recipient_id: values.recipient,
          category: OfflineCategory.INVITE,
          subject: values.subject,
          extra: JSON.stringify({ inviteId: values.inviteId }),
          created_at: values.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    invite(where: { id?: number; code?: string }) {
      let query = db.selectFrom('buddy_invites').selectAll();
      if (where.id) query = query.where('id', '=', where.id);
      if (where.code) query = query.where('code', '=', where.code);
      return query.executeTakeFirst();
    },

    /** Counts the invite as accepted by `recipient`, once (a parallel accept changes nothing). */
    async markAccepted(id: number, recipient: number): Promise<void> {
      await db
        .updateTable('buddy_invites')
        .set((eb) => ({ accepted: 1, recipient_id: recipient, rewarded_count: eb('rewarded_count', '+', 1) }))
        .where('id', '=', id)
        .where('accepted', '=', 0)
        .execute();
    },
  };
}
