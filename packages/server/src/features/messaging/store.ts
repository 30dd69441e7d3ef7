import type { Kysely, Selectable } from 'kysely';
import type { Db } from '../../db/index';
import type { ConversationsTable, Database, MessagesTable } from '../../db/schema';

export type ConversationRow = Selectable<ConversationsTable>;
export type MessageRow = Selectable<MessagesTable>;
export const IM = 1;
export const GROUP = 2;
export const CHAT = 3;

export const imKey = (a: number, b: number) => `${Math.min(a, b)}:${Math.max(a, b)}`;

/** SQL for conversations, their members and messages. */
export function messagingStore(db: Db) {
  return {
    conversation(id: number) {
      return db.selectFrom('conversations').selectAll().where('id', '=', id).executeTakeFirst();
    },

    imByKey(key: string) {
      return db.selectFrom('conversations').selectAll().where('im_key', '=', key).executeTakeFirst();
    },

    membership(conversationId: number, userId: number) {
      return db
        .selectFrom('conversation_members')
        .selectAll()
        .where('conversation_id', '=', conversationId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    async activeMemberIds(conversationId: number, trx: Kysely<Database> = db): Promise<number[]> {
      const rows = await trx
        .selectFrom('conversation_members')
        .select('user_id')
        .where('conversation_id', '=', conversationId)
        .where('left_at', '=', 0)
        .execute();
      return rows.map((r) => r.user_id);
    },

    /** Every member row (active and left) of the conversations, with the member's user row. */
    membersOf(conversationIds: number[]) {
      if (conversationIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('conversation_members as cm')
        .innerJoin('users', 'users.id', 'cm.user_id')
        .selectAll('users')
        .select([
          'cm.conversation_id as cm_conversation_id',
          'cm.joined_at as cm_joined_at',
          'cm.left_at as cm_left_at',
          'cm.read_at as cm_read_at',
        ])
        .where('cm.conversation_id', 'in', conversationIds)
        .orderBy('cm.joined_at')
        .orderBy('cm.user_id')
        .execute();
    },

    /** The member's conversations, newest activity first (one range of conversation_members_list). */
    listFor(userId: number, types: number[], offset: number, limit: number) {
      return db
        .selectFrom('conversation_members as cm')
        .innerJoin('conversations as c', 'c.id', 'cm.conversation_id')
        .selectAll('c')
        .where('cm.user_id', '=', userId)
        .where('cm.left_at', '=', 0)
        .where('c.type', 'in', types)
        .orderBy('cm.last_activity', 'desc')
        .orderBy('cm.conversation_id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute();
    },

    /** Messages of a conversation: the newest `limit` (returned oldest first), or a page around an id. */
    async messages(
      conversationId: number,
      limit: number,
      around: { after?: number; before?: number } = {},
    ): Promise<MessageRow[]> {
      if (limit === 0) return [];
      let query = db.selectFrom('messages').selectAll().where('conversation_id', '=', conversationId);
      if (around.after !== undefined) {
        return query.where('id', '>', around.after).orderBy('id', 'asc').limit(limit).execute();
      }
      if (around.before !== undefined) query = query.where('id', '<', around.before);
      const rows = await query.orderBy('id', 'desc').limit(limit).execute();
      return rows.reverse();
    },

    /** Unread counts per conversation for a member: messages from others after their read mark. */
    async unreadCounts(userId: number, conversationIds: number[]): Promise<Map<number, number>> {
      if (conversationIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('messages as m')
        .innerJoin('conversation_members as cm', (join) =>
          join.onRef('cm.conversation_id', '=', 'm.conversation_id').on('cm.user_id', '=', userId),
        )
        .select(['m.conversation_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('m.conversation_id', 'in', conversationIds)
        .where('m.sender_id', '!=', userId)
        .whereRef('m.created_at', '>', 'cm.read_at')
        .groupBy('m.conversation_id')
        .execute();
      return new Map(rows.map((r) => [r.conversation_id, Number(r.n)]));
    },

    byClientId(senderId: number, clientId: string) {
      return db
        .selectFrom('messages')
        .selectAll()
        .where('sender_id', '=', senderId)
        .where('client_id', '=', clientId)
        .executeTakeFirst();
    },

    async createConversation(
      trx: Kysely<Database>,
      values: { type: number; owner: number; name?: string; imKey?: string; members: number[]; now: number },
    ): Promise<ConversationRow> {
      const row = await trx
        .insertInto('conversations')
        .values({
          type: values.type,
          owner_id: values.owner,
          name: values.name ?? null,
          im_key: values.imKey ?? null,
          created_at: values.now,
          last_activity: values.now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('conversation_members')
        .values(
          values.members.map((user_id) => ({
            conversation_id: row.id,
            user_id,
            joined_at: values.now,
            last_activity: values.now,
          })),
        )
        .execute();
      return row;
    },

    /** Adds members, or brings back ones who left; active members are left as they are. */
    async join(trx: Kysely<Database>, conversation: ConversationRow, userIds: number[], now: number) {
      if (userIds.length === 0) return;
      const existing = await trx
        .selectFrom('conversation_members')
        .select(['user_id', 'left_at'])
        .where('conversation_id', '=', conversation.id)
        .where('user_id', 'in', userIds)
        .execute();
      const known = new Map(existing.map((r) => [r.user_id, r.left_at]));
      const back = userIds.filter((id) => known.has(id) && known.get(id) !== 0);
      const fresh = userIds.filter((id) => !known.has(id));
      if (back.length) {
        await trx
          .updateTable('conversation_members')
          .set({ left_at: 0, joined_at: now, last_activity: conversation.last_activity })
          .where('conversation_id', '=', conversation.id)
          .where('user_id', 'in', back)
          .execute();
      }
      if (fresh.length) {
        await trx
          .insertInto('conversation_members')
          .values(
            fresh.map((user_id) => ({
              conversation_id: conversation.id,
              user_id,
              joined_at: now,
              last_activity: conversation.last_activity,
            })),
          )
          .execute();
      }
    },

    /**
     * Stores a line. The conversation row is updated first: on PostgreSQL that locks it, so the
     * lines of one conversation get their ids in commit order and a reader who has seen id N
     * never gets an older id committed later (catch-up after N has no gap). `rejoin` brings the
     * sender back if they had left (an IM they start again).
     */
    async insertMessage(
      trx: Kysely<Database>,
      conversation: ConversationRow,
      values: Omit<MessageRow, 'id' | 'conversation_id'>,
      rejoin: boolean,
    ): Promise<MessageRow> {
      const now = values.created_at;
      await trx
        .updateTable('conversations')
        .set((eb) => ({ last_activity: now, message_count: eb('message_count', '+', 1) }))
        .where('id', '=', conversation.id)
        .execute();
      if (rejoin) await this.join(trx, { ...conversation, last_activity: now }, [values.sender_id], now);
      const row = await trx
        .insertInto('messages')
        .values({ ...values, conversation_id: conversation.id })
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('conversation_members')
        .set({ last_activity: now })
        .where('conversation_id', '=', conversation.id)
        .execute();
      // The sender has read everything up to their own line.
      await trx
        .updateTable('conversation_members')
        .set({ read_at: now })
        .where('conversation_id', '=', conversation.id)
        .where('user_id', '=', values.sender_id)
        .where('read_at', '<', now)
        .execute();
      return row;
    },
  };
}

export type MessagingStore = ReturnType<typeof messagingStore>;
