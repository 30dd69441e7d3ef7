import { useQueryClient } from '@tanstack/react-query';
import type { User } from '@tertulia/contract';
import { useCallback } from 'react';
import { conversationKey, headerListKey, sendIm } from '../../api/areas/messaging';
import { handleError } from '../../ui/errors/handleError';
import type { ConversationRef } from './imStore';
import {
  confirmSent,
  insertConversation,
  type LocalConversation,
  type LocalMessage,
  newClientMessageId,
} from './rules';

type Patch = (messages: LocalMessage[]) => LocalMessage[];

/**
 * Optimistic send: the line shows at once ("sending"), the server's answer replaces it; a
 * failure leaves it marked with a retry that resends the same client message id, so the
 * server stores it once however many times it arrives.
 */
export function useSend(me: User | null) {
  const queryClient = useQueryClient();

  const patch = useCallback(
    (cid: number, change: Patch) =>
      queryClient.setQueryData<LocalConversation>(conversationKey(cid), (c) =>
        c ? { ...c, messages: change(c.messages ?? []) } : c,
      ),
    [queryClient],
  );

  /** Sends into a conversation, or to a member when there is none yet; resolves with its id. */
  return useCallback(
    async (
      text: string,
      where: { ref?: ConversationRef; targetId?: number },
      retryOf?: LocalMessage,
    ): Promise<number | undefined> => {
      const clientMessageId = retryOf?.clientMessageId ?? newClientMessageId();
      const local: LocalMessage = {
        content: text,
        sender: me ?? undefined,
        sentTime: Date.now(),
        clientMessageId,
        status: 'sending',
        fgColor: me?.imColor,
        bgColor: me?.imBgColor,
      };
      const cid = where.ref?.conversationId;
      if (cid) {
        patch(cid, (list) => [...list.filter((m) => m.clientMessageId !== clientMessageId), local]);
      }
      // A conversation already loaded has its lines, and the push channel brings new ones: its
      // newest line is enough back (the whole answer was ~13 KB with 20, each with its sender).
      const loaded = cid !== undefined && queryClient.getQueryData(conversationKey(cid)) !== undefined;
      try {
        const conversation = (await sendIm({
          message: text,
          ...(cid
            ? { conversationId: cid, ownerId: where.ref?.ownerId, type: where.ref?.type }
            : { targetIds: where.targetId ? [where.targetId] : [] }),
          clientMessageId,
          maxMessages: loaded ? 1 : 20,
        })) as LocalConversation;
        const id = conversation.conversationId;
        queryClient.setQueryData<LocalConversation>(conversationKey(id), (c) => ({
          ...c,
          ...conversation,
          messages: confirmSent(c?.messages, conversation.messages, clientMessageId),
        }));
        queryClient.setQueryData<LocalConversation[]>(headerListKey, (list) =>
          list ? insertConversation(list, { ...conversation, unreadMessageCount: 0 }) : list,
        );
        return id;
      } catch (error) {
        if (cid)
          patch(cid, (list) =>
            list.map((m) => (m.clientMessageId === clientMessageId ? { ...m, status: 'failed' } : m)),
          );
        handleError(error);
        return undefined;
      }
    },
    [me, patch, queryClient],
  );
}
