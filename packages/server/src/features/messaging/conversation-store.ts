import { ConversationType } from '@tertulia/contract';
import type { Kysely, Selectable } from 'kysely';
import type { Db } from '../../db/index';
import { prepared } from '../../db/prepared';
import type { ConversationsTable, Database } from '../../db/schema';
import { noBlockWith } from '../../policy/graph';
import { SHOWN_COLUMNS } from '../people/user-view';

export type ConversationRow = Selectable<ConversationsTable>;

/** The unique key of the IM between two members, whoever started it. */
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
 * the partner (the other of its two members): name, ban, and whether a block stands between
 * them, either way (0/1 on SQLite, booleans on PostgreSQL; policy/graph.ts owns the condition).
 * Partner fields are null outside IMs.
 */
const writeAccessOf = prepared((db: DB, conversationId: number, viewerId: number) =>
  db
    .selectFrom('conversations as c')
    .innerJoin('conversation_members as cm', (join) =>
      join.onRef('cm.conversation_id', '=', 'c.id').on('cm.user_id', '=', viewerId),
    )
    .leftJoin('conversation_members as pm', (join) =>
      join
        .onRef('pm.conversation_id', '=', 'c.id')
        .on('pm.user_id', '!=', viewerId)
        .on('c.type', '=', ConversationType.IM),
    )
    .leftJoin('users as partner', 'partner.id', 'pm.user_id')
    .selectAll('c')
    .select((eb) => [
      'cm.left_at as cm_left_at',
      'partner.id as partner_id',
      'partner.name as partner_name',
      'partner.banned_at as partner_banned_at',
      noBlockWith(eb, viewerId, 'partner.id').as('partner_unblocked'),
    ])
    .where('c.id', '=', conversationId),
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

/** Adds members, or brings back ones who left; active members are left as they are. */
export async function joinMembers(trx: DB, conversation: ConversationRow, userIds: number[], now: number) {
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
}

/** SQL for conversations and their members. */
export function conversationStore(db: Db) {
  const setMember = (conversationId: number, userId: number) =>
    db
      .updateTable('conversation_members')
      .where('conversation_id', '=', conversationId)
      .where('user_id', '=', userId);

  return {
    async conversation(id: number): Promise<ConversationRow | undefined> {
      return (await conversationById(db, id))[0];
    },

    imByKey(key: string, trx: DB = db) {
      return trx.selectFrom('conversations').selectAll().where('im_key', '=', key).executeTakeFirst();
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

    async activeMemberIds(conversationId: number, trx: DB = db): Promise<number[]> {
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
                  .where(eb.ref('c.type'), '=', ConversationType.IM),
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

    async createConversation(
      trx: DB,
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

    join: joinMembers,

    async setName(conversationId: number, name: string, trx: DB = db) {
      await trx.updateTable('conversations').set({ name }).where('id', '=', conversationId).execute();
    },

    async setFlags(conversationId: number, flags: { is_read_only?: number; allow_invite?: number }) {
      await db.updateTable('conversations').set(flags).where('id', '=', conversationId).execute();
    },

    async leave(conversationId: number, userId: number, now: number) {
      await setMember(conversationId, userId).set({ left_at: now }).execute();
    },

    async setReadAt(conversationId: number, userId: number, time: number) {
      await setMember(conversationId, userId).set({ read_at: time }).execute();
    },

    /** Moves the read mark forward only (never back to an older message). */
    async raiseReadAt(conversationId: number, userId: number, time: number) {
      await setMember(conversationId, userId).set({ read_at: time }).where('read_at', '<', time).execute();
    },
  };
}

export type ConversationStore = ReturnType<typeof conversationStore>;
