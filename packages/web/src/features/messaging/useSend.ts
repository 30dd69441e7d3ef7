import { useQueryClient } from '@tanstack/react-query';
import type { User } from '@tertulia/contract';
import { useCallback, useEffect } from 'react';
import { conversationKey, headerListKey, sendIm } from '../../api/areas/messaging';
import { isApiError, NETWORK_ERROR } from '../../api/errors';
import { t } from '../../i18n/i18n';
import { handleError } from '../../ui/errors/handleError';
import { toast } from '../../ui/toast/toastStore';
import type { AttachedPhoto } from '../photos/dialogs';
import type { ConversationRef } from './imStore';
import { enqueue, flushOutbox, type Queued, queuedMessages } from './outbox';

const OUTBOX_RETRY_MS = 3_000;

import {
  confirmSent,
  insertConversation,
  type LocalConversation,
  type LocalMessage,
  newClientMessageId,
  withPhotoTag,
} from './rules';
import '../webpush/texts';

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

  // What waited in the outbox goes out when the network comes back (and on mount, if online).
  useEffect(() => {
    const sendQueued = async (item: Queued): Promise<'sent' | 'offline' | 'refused'> => {
      try {
        const conversation = (await sendIm({
          message: item.text,
          photoId: item.photoId,
          conversationId: item.ref.conversationId,
          ownerId: item.ref.ownerId,
          type: item.ref.type,
          clientMessageId: item.clientMessageId,
          maxMessages: 1,
        })) as LocalConversation;
        queryClient.setQueryData<LocalConversation>(conversationKey(item.ref.conversationId), (c) =>
          c ? { ...c, messages: confirmSent(c.messages, conversation.messages, item.clientMessageId) } : c,
        );
        return 'sent';
      } catch (error) {
        if (isApiError(error, NETWORK_ERROR)) return 'offline';
        patch(item.ref.conversationId, (list) =>
          list.map((m) => (m.clientMessageId === item.clientMessageId ? { ...m, status: 'failed' } : m)),
        );
        handleError(error);
        return 'refused';
      }
    };
    const flush = () => {
      if (navigator.onLine && queuedMessages().length) void flushOutbox(sendQueued);
    };
    window.addEventListener('online', flush);
    flush();
    // The 'online' event can come before requests work again: what is left is tried again soon.
    const retry = setInterval(flush, OUTBOX_RETRY_MS);
    return () => {
      window.removeEventListener('online', flush);
      clearInterval(retry);
    };
  }, [patch, queryClient]);

  /**
   * Sends into a conversation, or to a member when there is none yet, with an optional album
   * photo (the line shows it at once; the server stores its own copy); resolves with its id.
   */
  return useCallback(
    async (
      text: string,
      where: { ref?: ConversationRef; targetId?: number },
      retryOf?: LocalMessage,
      photo?: Pick<AttachedPhoto, 'postId' | 'image'>,
    ): Promise<number | undefined> => {
      const clientMessageId = retryOf?.clientMessageId ?? newClientMessageId();
      const photoId = photo?.postId ?? retryOf?.outgoing?.photoId;
      const local: LocalMessage = {
        content: photo ? withPhotoTag(text, photo.image) : (retryOf?.content ?? text),
        outgoing: { text, photoId },
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
          photoId,
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
        // Offline: the line waits in the outbox and goes out, once, when the network is back.
        if (cid && where.ref && isApiError(error, NETWORK_ERROR)) {
          enqueue({ ref: where.ref, text, photoId, clientMessageId, queuedAt: Date.now() });
          patch(cid, (list) =>
            list.map((m) => (m.clientMessageId === clientMessageId ? { ...m, status: 'queued' } : m)),
          );
          toast.notice(t('offline.queued'));
          return undefined;
        }
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
