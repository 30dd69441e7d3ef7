import { type Conversation, ConversationType } from '@tertulia/contract';
import type { UserRow } from '../../http/context';
import { forbidden } from '../../http/errors';
import type { PrivateThreads } from '../chat/private-threads';
import type { ConversationAccess, Named } from './access';
import { type ConversationStore, imKey } from './conversation-store';
import type { Present } from './present';

type Page = { page?: number; limit?: number };

/** Reading conversations: the member's list, one conversation, the IM with someone. */
export function conversationReads(
  access: ConversationAccess,
  conversations: ConversationStore,
  present: Present,
  chatThreads: PrivateThreads,
) {
  return {
    async list(
      viewer: UserRow,
      p: Page & { userId?: number; type?: number; includeUGC?: boolean; maxMessages?: number },
    ): Promise<Conversation[]> {
      if (p.userId !== undefined && p.userId !== viewer.id) throw forbidden('message.ownOnly');
      // Private lines in rooms live with the rooms; asked for by their type alone.
      if (p.type === ConversationType.CHAT)
        return chatThreads(viewer, { ...p, maxMessages: p.maxMessages ?? 1 });
      const size = p.limit ?? 20;
      let types: number[] = p.type
        ? [p.type]
        : [ConversationType.IM, ConversationType.UGC_GROUP, ConversationType.CHAT];
      if (p.includeUGC === false) types = types.filter((t) => t !== ConversationType.UGC_GROUP);
      const rows = await conversations.listFor(viewer.id, types, ((p.page ?? 1) - 1) * size, size);
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
      const conversation = await access.participating(viewer, p);
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
      const conversation = await conversations.imByKey(imKey(viewer.id, p.targetId));
      if (!conversation) return [];
      const membership = await conversations.membership(conversation.id, viewer.id);
      if (membership?.left_at !== 0) return [];
      return present(viewer, [conversation], { maxMessages: 20 });
    },
  };
}
