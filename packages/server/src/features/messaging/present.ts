import {
  type Conversation,
  ConversationType,
  giftIdOf,
  giftImagePath,
  type Message,
  type Spin,
  type User,
} from '@tertulia/contract';
import type { UserRow } from '../../http/context';
import { isVip } from '../../policy/premium';
import type { PeopleUseCases } from '../people/use-cases';
import { type ShownRow, toUser } from '../people/user-view';
import type { RewardTags } from '../rewards/shown';
import { MAX_GROUP } from './access';
import type { ConversationRow, ConversationStore } from './conversation-store';
import type { MessageRow, MessageStore } from './message-store';

type MemberRow = ShownRow & { cm_conversation_id: number; cm_left_at: number; cm_read_at: number };

export function toMessage(row: MessageRow, sender: User | undefined): Message {
  // A gift line ([gift]<id>[/gift], features/gifts) carries the gift; the web draws it from its id.
  const giftId = giftIdOf(row.content);
  return {
    id: row.id,
    content: row.content,
    conversationId: row.conversation_id,
    sender,
    sentTime: Number(row.created_at),
    bgColor: row.bg_color ?? undefined,
    fgColor: row.fg_color ?? undefined,
    clientMessageId: row.client_id ?? undefined,
    offlineId: row.offline_id != null ? Number(row.offline_id) : undefined,
    gift: giftId
      ? { id: giftId, image: giftImagePath(giftId), preview: giftImagePath(giftId, 2) }
      : undefined,
  };
}

/** Message.spin and Message.prize of a line carrying a spin. */
export const spinOf = (shown: { spin?: Spin } | undefined): Partial<Message> =>
  shown?.spin ? { spin: shown.spin, prize: shown.spin.prize } : {};

/** The `message` push of a stored line. */
export const messageEvent = (
  conversation: ConversationRow,
  message: MessageRow,
  sender: UserRow,
  extra?: Partial<Message>,
) =>
  ({
    type: 'message',
    conversationId: conversation.id,
    ownerId: conversation.owner_id,
    conversationType: conversation.type,
    message: { ...toMessage(message, toUser(sender)), ...extra },
  }) as const;

/** Conversations as the viewer sees them, with their last messages and the viewer's unread count. */
/**
 * A member seen across a block (either way) inside a conversation: who they are, nothing of their
 * profile (docs/security.md, "Blocks in group conversations").
 */
export const blockedCard = (user: User): User => ({
  uid: user.uid,
  name: user.name,
  isBlocked: user.isBlocked,
});

export function conversationPresenter(
  people: PeopleUseCases,
  conversations: ConversationStore,
  messages: MessageStore,
  tags: RewardTags,
  cutOff: (memberId: number) => Promise<Set<number>>,
) {
  return async function present(
    viewer: UserRow,
    rows: ConversationRow[],
    options: { maxMessages: number; maxUsers?: number; after?: number; before?: number },
  ): Promise<Conversation[]> {
    const ids = rows.map((c) => c.id);
    const [memberRows, unread, lists, cut] = await Promise.all([
      conversations.membersOf(ids) as Promise<MemberRow[]>,
      messages.unreadCounts(viewer.id, ids),
      Promise.all(
        rows.map((c) =>
          messages.messages(c.id, options.maxMessages, { after: options.after, before: options.before }),
        ),
      ),
      cutOff(viewer.id),
    ]);
    // A blocked (or blocking) member's lines are not the viewer's to read, in any conversation.
    const messageLists = lists.map((list) =>
      list.filter((m) => m.sender_id === viewer.id || !cut.has(m.sender_id)),
    );
    const distinct = new Map<number, ShownRow>();
    for (const row of memberRows) distinct.set(row.id, row);
    const [presented, shown] = await Promise.all([
      people.present(viewer, [...distinct.values()]),
      // Spins carried by [spin] tags (features/rewards): Message.spin and its prize.
      tags(messageLists.flat().map((m) => ({ text: m.content, senderId: m.sender_id }))),
    ]);
    const shownByMessage = new Map(messageLists.flat().map((m, i) => [m, shown[i]]));
    const users = new Map(
      presented.map((u) => [u.uid as number, cut.has(u.uid as number) ? blockedCard(u) : u]),
    );
    for (const row of distinct.values()) {
      if (cut.has(row.id)) continue;
      const user = users.get(row.id)!;
      user.imColor = row.im_color ?? undefined;
      user.imBgColor = row.im_bg_color ?? undefined;
    }

    return rows.map((c, i) => {
      const members = memberRows.filter((m) => m.cm_conversation_id === c.id);
      const active = members.filter((m) => m.cm_left_at === 0);
      const left = members.filter((m) => m.cm_left_at !== 0);
      const other = c.type === ConversationType.IM ? members.find((m) => m.id !== viewer.id) : undefined;
      return {
        conversationId: c.id,
        ownerId: c.owner_id,
        name: c.name ?? undefined,
        type: c.type,
        image1: other ? users.get(other.id)?.image1 : undefined,
        users: active.slice(0, options.maxUsers ?? MAX_GROUP).map((m) => users.get(m.id)!),
        inactiveUsers: left.map((m) => users.get(m.id)!),
        userCount: active.length,
        messages: messageLists[i].map((m) => ({
          ...toMessage(m, users.get(m.sender_id)),
          ...spinOf(shownByMessage.get(m)),
        })),
        messageCount: c.message_count,
        unreadMessageCount: unread.get(c.id) ?? 0,
        readTimestamps: Object.fromEntries(active.map((m) => [m.id, Number(m.cm_read_at)])),
        lastActivity: Number(c.last_activity),
        creationTime: Number(c.created_at),
        // A VIP still in it: the conversation carries that member's perks (docs/member-fields.md).
        isVIP: active.some((m) => isVip(m)),
        isReadOnly: c.is_read_only === 1,
        allowInvite: c.allow_invite === 1,
        // toUserFor resolved friendship for every member but the viewer.
        areFriends: other ? users.get(other.id)?.isFriend === true : undefined,
      };
    });
  };
}

export type Present = ReturnType<typeof conversationPresenter>;
