import type { Kysely, Selectable } from 'kysely';
import type { Db } from '../../db/index';
import { prepared } from '../../db/prepared';
import type { Database, MessagesTable } from '../../db/schema';
import { noBlockWith } from '../../policy/graph';
import { type ConversationRow, joinMembers } from './conversation-store';

export type MessageRow = Selectable<MessagesTable>;

type DB = Kysely<Database>;

// The web client names every send (clientMessageId): a resend's insert breaks the unique key, and
// the message stored the first time is looked up.
const messageByClientId = prepared((db: DB, senderId: number, clientId: string) =>
  db.selectFrom('messages').selectAll().where('sender_id', '=', senderId).where('client_id', '=', clientId),
);

// Every send answers with the conversation's newest lines (the web app asks for 20).
const newestMessages = prepared((db: DB, conversationId: number, limit: number) =>
  db
    .selectFrom('messages')
    .selectAll()
    .where('conversation_id', '=', conversationId)
    .orderBy('id', 'desc')
    .limit(limit),
);

const unreadInOne = prepared((db: DB, userId: number, conversationId: number) =>
  db
    .selectFrom('messages as m')
    .innerJoin('conversation_members as cm', (join) =>
      join.onRef('cm.conversation_id', '=', 'm.conversation_id').on('cm.user_id', '=', userId),
    )
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('m.conversation_id', '=', conversationId)
    .where('m.sender_id', '!=', userId)
    .whereRef('m.created_at', '>', 'cm.read_at')
    // Lines across a block are not shown, so they are not unread either (docs/security.md).
    .where((eb) => noBlockWith(eb, userId, 'm.sender_id')),
);

const touchConversation = prepared((db: DB, id: number, now: number) =>
  db
    .updateTable('conversations')
    .set((eb) => ({ last_activity: now, message_count: eb('message_count', '+', 1) }))
    .where('id', '=', id)
    .returningAll(),
);

const insertLine = prepared(
  (
    db: DB,
    conversationId: number,
    senderId: number,
    content: string,
    bg: string | null,
    fg: string | null,
    clientId: string | null,
    createdAt: number,
  ) =>
    db
      .insertInto('messages')
      .values({
        conversation_id: conversationId,
        sender_id: senderId,
        content,
        bg_color: bg,
        fg_color: fg,
        client_id: clientId,
        created_at: createdAt,
      })
      .returningAll(),
);

// Everyone's activity moves; the sender has also read everything up to their own line.
const touchMembers = prepared((db: DB, conversationId: number, senderId: number, now: number) =>
  db
    .updateTable('conversation_members')
    .set((eb) => ({
      last_activity: now,
      read_at: eb
        .case()
        .when(eb.and([eb('user_id', '=', senderId), eb('read_at', '<', now)]))
        .then(eb.val(now))
        .else(eb.ref('read_at'))
        .end(),
    }))
    .where('conversation_id', '=', conversationId)
    .returning(['user_id', 'left_at']),
);

/** SQL for the messages of conversations. */
export function messageStore(db: Db) {
  return {
    /** Messages of a conversation: the newest `limit` (returned oldest first), or a page around an id. */
    async messages(
      conversationId: number,
      limit: number,
      around: { after?: number; before?: number } = {},
    ): Promise<MessageRow[]> {
      if (limit === 0) return [];
      if (around.after === undefined && around.before === undefined)
        return (await newestMessages(db, conversationId, limit)).reverse();
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
      if (conversationIds.length === 1) {
        const [{ n }] = await unreadInOne(db, userId, conversationIds[0]);
        return new Map(Number(n) > 0 ? [[conversationIds[0], Number(n)]] : []);
      }
      const rows = await db
        .selectFrom('messages as m')
        .innerJoin('conversation_members as cm', (join) =>
          join.onRef('cm.conversation_id', '=', 'm.conversation_id').on('cm.user_id', '=', userId),
        )
        .select(['m.conversation_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('m.conversation_id', 'in', conversationIds)
        .where('m.sender_id', '!=', userId)
        .whereRef('m.created_at', '>', 'cm.read_at')
        .where((eb) => noBlockWith(eb, userId, 'm.sender_id'))
        .groupBy('m.conversation_id')
        .execute();
      return new Map(rows.map((r) => [r.conversation_id, Number(r.n)]));
    },

    /** A page of the member's unread messages (from others, after their read mark), oldest first. */
    unread(
      userId: number,
      p: { conversationId?: number; filterSender?: number; offset: number; limit: number },
    ): Promise<MessageRow[]> {
      let query = db
        .selectFrom('messages as m')
        .innerJoin('conversation_members as cm', (join) =>
          join.onRef('cm.conversation_id', '=', 'm.conversation_id').on('cm.user_id', '=', userId),
        )
        .selectAll('m')
        .where('cm.left_at', '=', 0)
        .where('m.sender_id', '!=', userId)
        .whereRef('m.created_at', '>', 'cm.read_at')
        .where((eb) => noBlockWith(eb, userId, 'm.sender_id'));
      if (p.conversationId !== undefined) query = query.where('m.conversation_id', '=', p.conversationId);
      if (p.filterSender !== undefined) query = query.where('m.sender_id', '=', p.filterSender);
      return query.orderBy('m.id', 'asc').offset(p.offset).limit(p.limit).execute();
    },

    /** Marks a stored line as the copy of an offline mail (Message.offlineId). */
    async markOffline(trx: Kysely<Database>, messageId: number, offlineId: number): Promise<MessageRow> {
      return trx
        .updateTable('messages')
        .set({ offline_id: offlineId })
        .where('id', '=', messageId)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async byClientId(senderId: number, clientId: string): Promise<MessageRow | undefined> {
      return (await messageByClientId(db, senderId, clientId))[0];
    },

    /**
     * Stores a line. The conversation row is updated first: on PostgreSQL that locks it, so the
     * lines of one conversation get their ids in commit order and a reader who has seen id N
     * never gets an older id committed later (catch-up after N has no gap). `rejoin` brings the
     * sender back if they had left (an IM they start again). Four statements: the updates return
     * the conversation as it now is and its active members, so nothing is read again before the
     * push (the send's latency is every statement between the request and the publish).
     */
    async insertMessage(
      trx: Kysely<Database>,
      conversation: ConversationRow,
      values: Omit<MessageRow, 'id' | 'conversation_id' | 'offline_id'>,
      rejoin: boolean,
    ): Promise<{ message: MessageRow; conversation: ConversationRow; recipients: number[] }> {
      const now = values.created_at;
      const [current] = await touchConversation(trx, conversation.id, now);
      if (rejoin) await joinMembers(trx, { ...conversation, last_activity: now }, [values.sender_id], now);
      const [message] = await insertLine(
        trx,
        conversation.id,
        values.sender_id,
        values.content,
        values.bg_color,
        values.fg_color,
        values.client_id,
        now,
      );
      const members = await touchMembers(trx, conversation.id, values.sender_id, now);
      const recipients = members.filter((m) => m.left_at === 0).map((m) => m.user_id);
      return { message, conversation: current, recipients };
    },
  };
}

export type MessageStore = ReturnType<typeof messageStore>;
