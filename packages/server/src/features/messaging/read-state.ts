import type { Message } from '@tertulia/contract';
import type { UserRow } from '../../http/context';
import { forbidden } from '../../http/errors';
import type { PeopleUseCases } from '../people/use-cases';
import type { RewardTags } from '../rewards/shown';
import type { ConversationAccess, Named } from './access';
import type { ConversationStore } from './conversation-store';
import type { MemberStore } from './member-store';
import type { MessageStore } from './message-store';
import { spinOf, toMessage } from './present';

type Page = { page?: number; limit?: number };

/** What a member has read: their unread messages, and the read mark they set. */
export function readState(
  people: PeopleUseCases,
  access: ConversationAccess,
  conversations: ConversationStore,
  messages: MessageStore,
  members: MemberStore,
  tags: RewardTags,
) {
  return {
    async unread(
      viewer: UserRow,
      p: Page & { userId?: number; markAsRead?: boolean; conversationId?: number; filterSender?: number },
    ): Promise<Message[]> {
      if (p.userId !== undefined && p.userId !== viewer.id) throw forbidden('message.ownOnly');
      if (p.conversationId !== undefined)
        await access.participating(viewer, { conversationId: p.conversationId });
      const size = p.limit ?? 100;
      const rows = await messages.unread(viewer.id, {
        conversationId: p.conversationId,
        filterSender: p.filterSender,
        offset: ((p.page ?? 1) - 1) * size,
        limit: size,
      });
      const senderRows = await members.byIds(rows.map((r) => r.sender_id));
      const [presented, shown] = await Promise.all([
        people.present(viewer, senderRows),
        // Spins carried by [spin] tags, as the conversation call shows them (Message.spin, .prize).
        tags(rows.map((r) => ({ text: r.content, senderId: r.sender_id }))),
      ]);
      const senders = new Map(presented.map((u) => [u.uid as number, u]));
      if (p.markAsRead && rows.length) {
        const upTo = new Map<number, number>();
        for (const row of rows) {
          upTo.set(row.conversation_id, Math.max(upTo.get(row.conversation_id) ?? 0, Number(row.created_at)));
        }
        for (const [conversationId, time] of upTo)
          await conversations.raiseReadAt(conversationId, viewer.id, time);
      }
      return rows.map((row, i) => ({ ...toMessage(row, senders.get(row.sender_id)), ...spinOf(shown[i]) }));
    },

    async setReadTimestamp(viewer: UserRow, p: Named & { timestamp?: number }): Promise<boolean> {
      const conversation = await access.participating(viewer, p);
      const now = Date.now();
      await conversations.setReadAt(conversation.id, viewer.id, Math.min(p.timestamp ?? now, now));
      return true;
    },
  };
}
