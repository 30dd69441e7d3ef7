import type { Kysely, Selectable } from 'kysely';
import type { Db } from '../../db/index';
import { prepared } from '../../db/prepared';
import type { ConversationsTable, Database, MessagesTable } from '../../db/schema';
import { SHOWN_COLUMNS } from '../people/user-view';

export type ConversationRow = Selectable<ConversationsTable>;
export type MessageRow = Selectable<MessagesTable>;
export const IM = 1;
export const GROUP = 2;
export const CHAT = 3;

export const imKey = (a: number, b: number) => `${Math.min(a, b)}:${Math.max(a, b)}`;

type DB = Kysely<Database>;

// The statements of a send (and of reading one conversation), compiled once: see db/prepared.ts.
const conversationById = prepared((db: DB, id: number) =>
  db.selectFrom('conversations').selectAll().where('id', '=', id),
);

const participationOf = prepared((db: DB, conversationId: number, userId: number) =>
  db
    .selectFrom('conversations as c')
    .innerJoin('conversation_members as cm', (join) =>
      join.onRef('cm.conversation_id', '=', 'c.id').on('cm.user_id', '=', userId),
    )
    .selectAll('c')
    .select('cm.left_at as cm_left_at')
    .where('c.id', '=', conversationId),
);

/**
 * What a send into a conversation checks, in one read: the sender's membership and, in an IM,
 * the partner (the other of its two members): name, ban, and blocks either way (0/1 on SQLite,
 * booleans on PostgreSQL). Partner fields are null outside IMs.
 */
const writeAccessOf = prepared((db: DB, conversationId: number, viewerId: number) =>
  db
    .selectFrom('conversations as c')
    .innerJoin('conversation_members as cm', (join) =>
      join.onRef('cm.conversation_id', '=', 'c.id').on('cm.user_id', '=', viewerId),
    )
    .leftJoin('conversation_members as pm', (join) =>
      join.onRef('pm.conversation_id', '=', 'c.id').on('pm.user_id', '!=', viewerId).on('c.type', '=', IM),
    )
    .leftJoin('users as partner', 'partner.id', 'pm.user_id')
    .selectAll('c')
    .select((eb) => [
      'cm.left_at as cm_left_at',
      'partner.id as partner_id',
      'partner.name as partner_name',
      'partner.banned_at as partner_banned_at',
      eb
        .exists(
          eb
            .selectFrom('blocks')
            .select('blocks.blocker_id')
            .whereRef('blocks.blocker_id', '=', 'partner.id')
            .where('blocks.blocked_id', '=', viewerId),
        )
        .as('partner_blocks_viewer'),
      eb
        .exists(
          eb
            .selectFrom('blocks')
            .select('blocks.blocker_id')
            .where('blocks.blocker_id', '=', viewerId)
            .whereRef('blocks.blocked_id', '=', 'partner.id'),
        )
        .as('viewer_blocks_partner'),
    ])
    .where('c.id', '=', conversationId),
);

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

const activeMembers = prepared((db: DB, conversationId: number) =>
  db
    .selectFrom('conversation_members')
    .select('user_id')
    .where('conversation_id', '=', conversationId)
    .where('left_at', '=', 0),
);

/**
 * A member row of a conversation: what presenting the member reads (people/user-view.ts), not
 * the whole users row (every send presents its conversation; 60 columns a member took a third
 * of the statement's time).
 */
const MEMBER_COLUMNS = [
  ...SHOWN_COLUMNS.map((c) => `users.${c}` as const),
  'cm.conversation_id as cm_conversation_id',
  'cm.joined_at as cm_joined_at',
  'cm.left_at as cm_left_at',
  'cm.read_at as cm_read_at',
] as const;

const membersOfOne = prepared((db: DB, conversationId: number) =>
  db
    .selectFrom('conversation_members as cm')
    .innerJoin('users', 'users.id', 'cm.user_id')
    .select(MEMBER_COLUMNS)
    .where('cm.conversation_id', '=', conversationId)
    .orderBy('cm.joined_at')
    .orderBy('cm.user_id'),
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
    .whereRef('m.created_at', '>', 'cm.read_at'),
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

/** SQL for conversations, their members and messages. */
export function messagingStore(db: Db) {
  return {
    async conversation(id: number): Promise<ConversationRow | undefined> {
      return (await conversationById(db, id))[0];
    },

    imByKey(key: string) {
      return db.selectFrom('conversations').selectAll().where('im_key', '=', key).executeTakeFirst();
    },

    /** The conversation with the member's row in it (left_at), in one read; undefined if never a member. */
    async participation(conversationId: number, userId: number) {
      return (await participationOf(db, conversationId, userId))[0];
    },

    async writeAccess(conversationId: number, viewerId: number) {
      return (await writeAccessOf(db, conversationId, viewerId))[0];
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
      return (await activeMembers(trx, conversationId)).map((r) => r.user_id);
    },

    /** Every member row (active and left) of the conversations, with the member's user row. */
    membersOf(conversationIds: number[]) {
      if (conversationIds.length === 0) return Promise.resolve([]);
      if (conversationIds.length === 1) return membersOfOne(db, conversationIds[0]);
      return db
        .selectFrom('conversation_members as cm')
        .innerJoin('users', 'users.id', 'cm.user_id')
        .select(MEMBER_COLUMNS)
        .where('cm.conversation_id', 'in', conversationIds)
        .orderBy('cm.joined_at')
        .orderBy('cm.user_id')
        .execute();
    },

    /** The member's conversations, newest activity first (one range of conversation_members_list). */
    listFor(userId: number, types: number[], offset: number, limit: number) {
      return (
        db
          .selectFrom('conversation_members as cm')
          .innerJoin('conversations as c', 'c.id', 'cm.conversation_id')
          .selectAll('c')
          .where('cm.user_id', '=', userId)
          .where('cm.left_at', '=', 0)
          .where('c.type', 'in', types)
          // A one-to-one conversation with a banned or deleted member leaves the list with them.
          .where(({ eb, not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('conversation_members as other')
                  .innerJoin('users as ou', 'ou.id', 'other.user_id')
                  .select('other.user_id')
                  .whereRef('other.conversation_id', '=', 'c.id')
                  .where('other.user_id', '!=', userId)
                  .where('ou.banned_at', '>', 0)
                  .where(eb.ref('c.type'), '=', 1),
              ),
            ),
          )
          .orderBy('cm.last_activity', 'desc')
          .orderBy('cm.conversation_id', 'desc')
          .offset(offset)
          .limit(limit)
          .execute()
      );
    },

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
        .groupBy('m.conversation_id')
        .execute();
      return new Map(rows.map((r) => [r.conversation_id, Number(r.n)]));
    },

    async byClientId(senderId: number, clientId: string): Promise<MessageRow | undefined> {
      return (await messageByClientId(db, senderId, clientId))[0];
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
     * sender back if they had left (an IM they start again). Four statements: the updates return
     * the conversation as it now is and its active members, so nothing is read again before the
     * push (the send's latency is every statement between the request and the publish).
     */
    async insertMessage(
      trx: Kysely<Database>,
      conversation: ConversationRow,
      values: Omit<MessageRow, 'id' | 'conversation_id'>,
      rejoin: boolean,
    ): Promise<{ message: MessageRow; conversation: ConversationRow; recipients: number[] }> {
      const now = values.created_at;
      const [current] = await touchConversation(trx, conversation.id, now);
      if (rejoin) await this.join(trx, { ...conversation, last_activity: now }, [values.sender_id], now);
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

export type MessagingStore = ReturnType<typeof messagingStore>;
