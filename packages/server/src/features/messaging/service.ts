import type { Conversation, Message, User } from '@tertulia/contract';
import { inGroupCommit } from '../../db/group-commit';
import type { Deps } from '../../deps';
import type { UserRow } from '../../http/context';
import { ApiError, forbidden, invalid, notFound, rateLimited } from '../../http/errors';
import { buddyStore } from '../buddies/store';
import { blockedWithAmong } from '../people/blocks';
import type { PeopleService } from '../people/service';
import { permits, type ShownRow, toUser } from '../people/user-view';
import {
  CHAT,
  type ConversationRow,
  GROUP,
  IM,
  imKey,
  type MessageRow,
  type MessagingStore,
  messagingStore,
} from './store';

const MINUTE = 60_000;
/** Sends per member per minute: enough for a fast typist, not for a flood. */
export const SENDS_PER_MINUTE = 60;
/** Typing events per member per 10 s; extra ones are dropped quietly. */
export const TYPING_PER_10S = 20;
/** Members of a group, at most. */
export const MAX_GROUP = 100;

type Named = { conversationId: number; ownerId?: number; type?: number };
type Page = { page?: number; limit?: number };
type MemberRow = ShownRow & { cm_conversation_id: number; cm_left_at: number; cm_read_at: number };

const isUniqueViolation = (error: unknown) =>
  /unique|duplicate/i.test(String((error as { message?: string })?.message ?? error));

export function messagingService(deps: Deps, people: PeopleService) {
  const store: MessagingStore = messagingStore(deps.db);
  const buddies = buddyStore(deps.db);

  async function limit(key: string, max: number, windowMs: number) {
    const decision = await deps.limiter.hit(key, max, windowMs);
    if (!decision.allowed) throw rateLimited(decision.retryAfterMs);
  }

  async function youBlocked(viewer: UserRow, otherId: number) {
    const row = await deps.db
      .selectFrom('blocks')
      .select('blocker_id')
      .where('blocker_id', '=', viewer.id)
      .where('blocked_id', '=', otherId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Someone the sender may start an IM with or invite: visible, unblocked, IM permission. */
  async function checkTarget(sender: UserRow, targetId: number, field = 'targetIds'): Promise<UserRow> {
    if (targetId === sender.id) throw invalid(field, 'message.self');
    const target = await people.visible(sender, targetId);
    if (await youBlocked(sender, target.id)) {
      throw new ApiError('ApiForbiddenException', 'message.youBlocked', { name: target.name });
    }
    if (!permits(target.im_permission, await buddies.areFriends(sender.id, target.id))) {
      throw new ApiError('ApiForbiddenException', 'message.imPermission', { name: target.name });
    }
    return target;
  }

  /** targetIds and targetNames as distinct member ids; unknown names are 404. */
  async function targetsOf(p: { targetIds?: number[]; targetNames?: string[] }): Promise<number[]> {
    const ids = new Set(p.targetIds ?? []);
    const names = [...new Set((p.targetNames ?? []).map((n) => n.trim().toLowerCase()))].filter(Boolean);
    if (names.length) {
      const rows = await deps.db
        .selectFrom('users')
        .select(['id', 'name_lower'])
        .where('name_lower', 'in', names)
        .execute();
      if (rows.length !== names.length) throw notFound('people.notFound');
      for (const row of rows) ids.add(row.id);
    }
    return [...ids];
  }

  /** Whether a participation row names a conversation the viewer takes part in now. */
  function takesPart(
    row: { cm_left_at: number; owner_id: number; type: number } | undefined,
    named: Named,
  ): row is NonNullable<typeof row> {
    return (
      // Never a member (no row), or left.
      row?.cm_left_at === 0 &&
      (named.ownerId === undefined || named.ownerId === row.owner_id) &&
      (named.type === undefined || named.type === row.type)
    );
  }

  /** A conversation the viewer takes part in now; anything else is 404 (no hint that it exists). */
  async function participating(viewer: UserRow, named: Named): Promise<ConversationRow> {
    const row = await store.participation(named.conversationId, viewer.id);
    if (!takesPart(row, named)) throw notFound('message.notFound');
    const { cm_left_at: _left, ...conversation } = row;
    return conversation;
  }

  /**
   * A conversation the sender may write to now, in one read (it is on every send's path): they
   * take part in it; in an IM a block either way ends the exchange, and a partner the sender may
   * not see (banned, or blocking them) is 404 as people.visible says; read-only ones take only
   * their owner's messages; and the sender is within the send rate.
   */
  async function writableConversation(sender: UserRow, named: Named): Promise<ConversationRow> {
    const row = await store.writeAccess(named.conversationId, sender.id);
    if (!takesPart(row, named)) throw notFound('message.notFound');
    const {
      cm_left_at: _left,
      partner_id,
      partner_name,
      partner_banned_at,
      partner_blocks_viewer,
      viewer_blocks_partner,
      ...conversation
    } = row;
    if (conversation.type === IM && conversation.im_key) {
      if (partner_id === null || (partner_banned_at! > 0 && !sender.is_admin) || partner_blocks_viewer) {
        throw notFound('people.notFound');
      }
      if (viewer_blocks_partner) {
        throw new ApiError('ApiForbiddenException', 'message.youBlocked', { name: partner_name ?? '' });
      }
    }
    if (conversation.is_read_only === 1 && conversation.owner_id !== sender.id) {
      throw forbidden('message.readOnly');
    }
    await limit(`msg:${sender.id}`, SENDS_PER_MINUTE, MINUTE);
    return conversation;
  }

  function toMessage(row: MessageRow, sender: User | undefined): Message {
    return {
      id: row.id,
      content: row.content,
      conversationId: row.conversation_id,
      sender,
      sentTime: Number(row.created_at),
      bgColor: row.bg_color ?? undefined,
      fgColor: row.fg_color ?? undefined,
      clientMessageId: row.client_id ?? undefined,
    };
  }

  /** Conversations as the viewer sees them, with their last messages and the viewer's unread count. */
  async function present(
    viewer: UserRow,
    conversations: ConversationRow[],
    options: { maxMessages: number; maxUsers?: number; after?: number; before?: number },
  ): Promise<Conversation[]> {
    const ids = conversations.map((c) => c.id);
    const [memberRows, unread, messageLists] = await Promise.all([
      store.membersOf(ids) as Promise<MemberRow[]>,
      store.unreadCounts(viewer.id, ids),
      Promise.all(
        conversations.map((c) =>
          store.messages(c.id, options.maxMessages, { after: options.after, before: options.before }),
        ),
      ),
    ]);
    const distinct = new Map<number, ShownRow>();
    for (const row of memberRows) distinct.set(row.id, row);
    const presented = await people.present(viewer, [...distinct.values()]);
    const users = new Map(presented.map((u) => [u.uid as number, u]));
    for (const row of distinct.values()) {
      const user = users.get(row.id)!;
      user.imColor = row.im_color ?? undefined;
      user.imBgColor = row.im_bg_color ?? undefined;
    }

    return conversations.map((c, i) => {
      const members = memberRows.filter((m) => m.cm_conversation_id === c.id);
      const active = members.filter((m) => m.cm_left_at === 0);
      const left = members.filter((m) => m.cm_left_at !== 0);
      const other = c.type === IM ? members.find((m) => m.id !== viewer.id) : undefined;
      return {
        conversationId: c.id,
        ownerId: c.owner_id,
        name: c.name ?? undefined,
        type: c.type,
        image1: other ? users.get(other.id)?.image1 : undefined,
        users: active.slice(0, options.maxUsers ?? MAX_GROUP).map((m) => users.get(m.id)!),
        inactiveUsers: left.map((m) => users.get(m.id)!),
        userCount: active.length,
        messages: messageLists[i].map((m) => toMessage(m, users.get(m.sender_id))),
        messageCount: c.message_count,
        unreadMessageCount: unread.get(c.id) ?? 0,
        readTimestamps: Object.fromEntries(active.map((m) => [m.id, Number(m.cm_read_at)])),
        lastActivity: Number(c.last_activity),
        creationTime: Number(c.created_at),
        isVIP: false,
        isReadOnly: c.is_read_only === 1,
        allowInvite: c.allow_invite === 1,
        // toUserFor resolved friendship for every member but the viewer.
        areFriends: other ? users.get(other.id)?.isFriend === true : undefined,
      };
    });
  }

  const messageEvent = (conversation: ConversationRow, message: MessageRow, sender: UserRow) =>
    ({
      type: 'message',
      conversationId: conversation.id,
      ownerId: conversation.owner_id,
      conversationType: conversation.type,
      message: toMessage(message, toUser(sender)),
    }) as const;

  /** Finds or makes the conversation a send without conversationId goes to. */
  async function startConversation(
    sender: UserRow,
    p: { type?: number; targetIds?: number[]; targetNames?: string[]; name?: string },
  ): Promise<{ conversation?: ConversationRow; create: () => Promise<ConversationRow> | ConversationRow }> {
    if (p.type === CHAT) throw invalid('type', 'message.chatElsewhere');
    const targets = (await targetsOf(p)).filter((id) => id !== sender.id || p.targetIds?.length === 1);
    if (targets.length === 0) throw invalid('targetIds', 'message.noTargets');
    if (targets.length + 1 > MAX_GROUP) throw invalid('targetIds', 'validation.tooLarge');
    for (const id of targets) await checkTarget(sender, id);
    if (targets.length === 1 && p.type !== GROUP) {
      const key = imKey(sender.id, targets[0]);
      const existing = await store.imByKey(key);
      if (existing) return { conversation: existing, create: () => existing };
      return {
        create: async () => {
          const now = Date.now();
          try {
            return await deps.db.transaction().execute((trx) =>
              store.createConversation(trx, {
                type: IM,
                owner: sender.id,
                imKey: key,
                members: [sender.id, targets[0]],
                now,
              }),
            );
          } catch (error) {
            // Both members started it at once: the other insert won, use theirs.
            const winner = isUniqueViolation(error) ? await store.imByKey(key) : undefined;
            if (!winner) throw error;
            return winner;
          }
        },
      };
    }
    return {
      create: () =>
        deps.db.transaction().execute((trx) =>
          store.createConversation(trx, {
            type: GROUP,
            owner: sender.id,
            name: p.name?.trim() || undefined,
            members: [sender.id, ...targets],
            now: Date.now(),
          }),
        ),
    };
  }

  /**
   * Stores a message and delivers it to every active participant's sockets: the others' right
   * after the commit (with every other message of its group commit, db/group-commit.ts), then
   * the sender's own (their other tabs). The partners' latency is what members feel; the
   * sender's client shows the line at once. A resend of a stored client id delivers nothing.
   */
  async function storeMessage(
    sender: UserRow,
    conversation: ConversationRow,
    content: string,
    clientId: string | undefined,
    rejoin: boolean,
  ): Promise<
    | { fresh: true; message: MessageRow; conversation: ConversationRow; recipients: number[] }
    | { fresh: false; message: MessageRow }
  > {
    let event: ReturnType<typeof messageEvent> | undefined;
    const values = {
      sender_id: sender.id,
      content,
      bg_color: sender.im_bg_color ?? null,
      fg_color: sender.im_color ?? null,
      client_id: clientId ?? null,
      created_at: Date.now(),
    };
    try {
      const stored = await inGroupCommit(
        deps.db,
        (trx) => store.insertMessage(trx, conversation, values, rejoin),
        (s) => {
          event = messageEvent(s.conversation, s.message, sender);
          return deps.hub.publish(
            s.recipients.filter((id) => id !== sender.id),
            event,
          );
        },
      );
      if (stored.recipients.includes(sender.id)) await deps.hub.publish([sender.id], event!);
      return { fresh: true, ...stored };
    } catch (error) {
      const earlier =
        clientId && isUniqueViolation(error) ? await store.byClientId(sender.id, clientId) : undefined;
      if (!earlier) throw error;
      return { fresh: false, message: earlier };
    }
  }

  return {
    present,
    participating,

    async send(
      sender: UserRow,
      p: {
        message: string;
        conversationId?: number;
        ownerId?: number;
        type?: number;
        targetIds?: number[];
        targetNames?: string[];
        name?: string;
        maxMessages?: number;
        clientMessageId?: string;
      },
    ): Promise<Conversation> {
      people.requireVerified(sender);
      const maxMessages = p.maxMessages ?? 20;
      if (!p.message.trim()) throw invalid('message', 'validation.required');
      let conversation: ConversationRow;
      // A member who left an IM comes back when they start it again.
      const rejoin = p.conversationId === undefined;
      if (p.conversationId !== undefined) {
        conversation = await writableConversation(sender, p as Named);
      } else {
        const start = await startConversation(sender, p);
        await limit(`msg:${sender.id}`, SENDS_PER_MINUTE, MINUTE);
        conversation = start.conversation ?? (await start.create());
      }
      const stored = await storeMessage(sender, conversation, p.message, p.clientMessageId, rejoin);
      const current = stored.fresh ? stored.conversation : (await store.conversation(conversation.id))!;
      return (await present(sender, [current], { maxMessages }))[0];
    },

    /** Stores a message with prepared content (voice) and delivers it; the caller checked access. */
    async sendContent(sender: UserRow, conversation: ConversationRow, content: string): Promise<Message> {
      const stored = await storeMessage(sender, conversation, content, undefined, false);
      if (!stored.fresh) throw new Error('a message without a client id is always new');
      const { message } = stored;
      const [user] = await people.present(sender, [sender]);
      return toMessage(message, user);
    },

    /** Checks before a send into an existing conversation (voice messages share them). */
    async writable(sender: UserRow, named: Named): Promise<ConversationRow> {
      people.requireVerified(sender);
      return writableConversation(sender, named);
    },

    async list(
      viewer: UserRow,
      p: Page & { userId?: number; type?: number; includeUGC?: boolean; maxMessages?: number },
    ): Promise<Conversation[]> {
      if (p.userId !== undefined && p.userId !== viewer.id) throw forbidden('message.ownOnly');
      const size = p.limit ?? 20;
      let types = p.type ? [p.type] : [IM, GROUP, CHAT];
      if (p.includeUGC === false) types = types.filter((t) => t !== GROUP);
      const rows = await store.listFor(viewer.id, types, ((p.page ?? 1) - 1) * size, size);
      return present(viewer, rows, { maxMessages: p.maxMessages ?? 1 });
    },

    async get(
      viewer: UserRow,
      p: Named & {
        maxMessages?: number;
        maxUsers?: number;
        afterMessageId?: number;
        beforeMessageId?: number;
      },
    ): Promise<Conversation> {
      const conversation = await participating(viewer, p);
      const [result] = await present(viewer, [conversation], {
        maxMessages: p.maxMessages ?? 30,
        maxUsers: p.maxUsers ?? 50,
        after: p.afterMessageId,
        before: p.afterMessageId === undefined ? p.beforeMessageId : undefined,
      });
      return result;
    },

    async search(viewer: UserRow, p: { userId?: number; targetId: number }): Promise<Conversation[]> {
      if (p.userId !== undefined && p.userId !== viewer.id) throw forbidden('message.ownOnly');
      const conversation = await store.imByKey(imKey(viewer.id, p.targetId));
      if (!conversation) return [];
      const membership = await store.membership(conversation.id, viewer.id);
      if (membership?.left_at !== 0) return [];
      return present(viewer, [conversation], { maxMessages: 20 });
    },

    async unread(
      viewer: UserRow,
      p: Page & { userId?: number; markAsRead?: boolean; conversationId?: number; filterSender?: number },
    ): Promise<Message[]> {
      if (p.userId !== undefined && p.userId !== viewer.id) throw forbidden('message.ownOnly');
      if (p.conversationId !== undefined) await participating(viewer, { conversationId: p.conversationId });
      const size = p.limit ?? 100;
      let query = deps.db
        .selectFrom('messages as m')
        .innerJoin('conversation_members as cm', (join) =>
          join.onRef('cm.conversation_id', '=', 'm.conversation_id').on('cm.user_id', '=', viewer.id),
        )
        .selectAll('m')
        .where('cm.left_at', '=', 0)
        .where('m.sender_id', '!=', viewer.id)
        .whereRef('m.created_at', '>', 'cm.read_at');
      if (p.conversationId !== undefined) query = query.where('m.conversation_id', '=', p.conversationId);
      if (p.filterSender !== undefined) query = query.where('m.sender_id', '=', p.filterSender);
      const rows = await query
        .orderBy('m.id', 'asc')
        .offset(((p.page ?? 1) - 1) * size)
        .limit(size)
        .execute();
      const senderRows = await deps.db
        .selectFrom('users')
        .selectAll()
        .where('id', 'in', [...new Set(rows.map((r) => r.sender_id)), 0])
        .execute();
      const senders = new Map((await people.present(viewer, senderRows)).map((u) => [u.uid as number, u]));
      if (p.markAsRead && rows.length) {
        const upTo = new Map<number, number>();
        for (const row of rows) {
          upTo.set(row.conversation_id, Math.max(upTo.get(row.conversation_id) ?? 0, Number(row.created_at)));
        }
        for (const [conversationId, time] of upTo) {
          await deps.db
            .updateTable('conversation_members')
            .set({ read_at: time })
            .where('conversation_id', '=', conversationId)
            .where('user_id', '=', viewer.id)
            .where('read_at', '<', time)
            .execute();
        }
      }
      return rows.map((row) => toMessage(row, senders.get(row.sender_id)));
    },

    /** An IM stays an IM: inviting into one starts a new group with its two members and the invitees. */
    async invite(
      viewer: UserRow,
      p: Named & { targetIds?: number[]; targetNames?: string[]; name?: string },
    ): Promise<Conversation> {
      const conversation = await participating(viewer, p);
      if (conversation.type === CHAT) throw invalid('type', 'message.chatElsewhere');
      if (
        conversation.type === GROUP &&
        conversation.allow_invite !== 1 &&
        conversation.owner_id !== viewer.id
      ) {
        throw forbidden('message.inviteOwnerOnly');
      }
      const targets = await targetsOf(p);
      if (targets.length === 0) throw invalid('targetIds', 'message.noTargets');
      const current = await store.activeMemberIds(conversation.id);
      const added = targets.filter((id) => !current.includes(id));
      for (const id of added) await checkTarget(viewer, id);
      if (current.length + added.length > MAX_GROUP) throw invalid('targetIds', 'validation.tooLarge');
      const now = Date.now();
      const result = await deps.db.transaction().execute(async (trx) => {
        if (conversation.type === IM) {
          return store.createConversation(trx, {
            type: GROUP,
            owner: viewer.id,
            name: p.name?.trim() || undefined,
            members: [...new Set([...current, ...added])],
            now,
          });
        }
        await store.join(trx, conversation, added, now);
        if (p.name?.trim() && conversation.owner_id === viewer.id) {
          await trx
            .updateTable('conversations')
            .set({ name: p.name.trim() })
            .where('id', '=', conversation.id)
            .execute();
        }
        return conversation;
      });
      const fresh = (await store.conversation(result.id))!;
      return (await present(viewer, [fresh], { maxMessages: 20 }))[0];
    },

    async leave(viewer: UserRow, p: Named & { userId?: number }): Promise<boolean> {
      if (p.userId !== undefined && p.userId !== viewer.id) throw forbidden('message.ownOnly');
      const conversation = await participating(viewer, p);
      await deps.db
        .updateTable('conversation_members')
        .set({ left_at: Date.now() })
        .where('conversation_id', '=', conversation.id)
        .where('user_id', '=', viewer.id)
        .execute();
      return true;
    },

    async rename(viewer: UserRow, p: Named & { name: string }): Promise<boolean> {
      const conversation = await ownedGroup(viewer, p);
      const name = p.name.trim();
      if (!name) throw invalid('name', 'validation.required');
      await deps.db.updateTable('conversations').set({ name }).where('id', '=', conversation.id).execute();
      return true;
    },

    async setProperty(
      viewer: UserRow,
      p: Named & { property: 'isReadOnly' | 'allowInvite'; value: boolean },
    ): Promise<boolean> {
      const conversation = await ownedGroup(viewer, p);
      const value = p.value ? 1 : 0;
      await deps.db
        .updateTable('conversations')
        .set(p.property === 'isReadOnly' ? { is_read_only: value } : { allow_invite: value })
        .where('id', '=', conversation.id)
        .execute();
      return true;
    },

    async setReadTimestamp(viewer: UserRow, p: Named & { timestamp?: number }): Promise<boolean> {
      const conversation = await participating(viewer, p);
      const now = Date.now();
      await deps.db
        .updateTable('conversation_members')
        .set({ read_at: Math.min(p.timestamp ?? now, now) })
        .where('conversation_id', '=', conversation.id)
        .where('user_id', '=', viewer.id)
        .execute();
      return true;
    },

    /** Not stored; over the light limit the event is dropped (false) rather than refused. */
    async typing(viewer: UserRow, p: { conversationId: number; ownerId?: number }): Promise<boolean> {
      const conversation = await participating(viewer, p);
      const decision = await deps.limiter.hit(`typing:${viewer.id}`, TYPING_PER_10S, 10_000);
      if (!decision.allowed) return false;
      const members = (await store.activeMemberIds(conversation.id)).filter((id) => id !== viewer.id);
      // A block either way: neither learns the other is typing (groups keep both members).
      const blocked = await blockedWithAmong(deps.db, viewer.id, members);
      const others = members.filter((id) => !blocked.has(id));
      await deps.hub.publish(others, {
        type: 'typing',
        conversationId: conversation.id,
        ownerId: conversation.owner_id,
        user: { uid: viewer.id, name: viewer.name, image1: toUser(viewer).image1 },
      });
      return true;
    },

    async setColor(viewer: UserRow, which: 'im_color' | 'im_bg_color', color: string): Promise<boolean> {
      await deps.db
        .updateTable('users')
        .set(which === 'im_color' ? { im_color: color.toLowerCase() } : { im_bg_color: color.toLowerCase() })
        .where('id', '=', viewer.id)
        .execute();
      return true;
    },
  };

  async function ownedGroup(viewer: UserRow, p: Named): Promise<ConversationRow> {
    const conversation = await participating(viewer, p);
    if (conversation.type !== GROUP) throw invalid('type', 'message.groupOnly');
    if (conversation.owner_id !== viewer.id) throw forbidden('message.ownerOnly');
    return conversation;
  }
}

export type MessagingService = ReturnType<typeof messagingService>;
