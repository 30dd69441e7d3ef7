import { type QueryClient, type QueryFunctionContext, useQuery } from '@tanstack/react-query';
import { api, type OfflineMessage, type ParamsOf } from '@tertulia/contract';
import { call, callOne } from '../client';
import { keyOf } from '../query';
import { one } from './define';
import { type LocalConversation, lastMessageId, mergeMessages } from './localMessages';

/** Hooks of the messaging areas: conversations, messages, offline mail. */

const m = api.messaging;
/** The header asks one more than it shows, so it knows whether "see all" has more behind it. */
export const HEADER_FETCH = 12;
export const headerListKey = keyOf(m.getUserConversations, { limit: HEADER_FETCH, maxMessages: 1 });
export const conversationKey = (conversationId: number) =>
  keyOf(m.getConversation, { conversationId }) as readonly unknown[];
export const offlineInboxKey = keyOf(m.getOfflineInbox);
export const offlineSentKey = keyOf(m.getOfflineSent);

export function useHeaderConversations(enabled: boolean) {
  return useQuery({
    queryKey: headerListKey,
    queryFn: ({ signal }) =>
      call(m.getUserConversations, { limit: HEADER_FETCH, maxMessages: 1 }, { signal }) as Promise<
        LocalConversation[]
      >,
    enabled,
  });
}

/**
 * One conversation with its messages. The first fetch takes the newest ones; later fetches
 * (a push reconnect invalidates active queries) ask only for what came after the last message
 * held and merge it by id, so nothing is lost or shown twice.
 */
export async function fetchConversation(
  conversationId: number,
  { client, signal }: Pick<QueryFunctionContext, 'client' | 'signal'>,
): Promise<LocalConversation> {
  const held = client.getQueryData<LocalConversation>(conversationKey(conversationId));
  const after = lastMessageId(held?.messages);
  const params: ParamsOf<typeof m.getConversation> =
    after === undefined ? { conversationId, maxMessages: 30 } : { conversationId, afterMessageId: after };
  const fresh = (await callOne(m.getConversation, params, { signal })) as LocalConversation;
  // Reading the cache again: a push may have added lines while the request was out.
  const now = client.getQueryData<LocalConversation>(conversationKey(conversationId));
  return { ...fresh, messages: mergeMessages(now?.messages ?? held?.messages, fresh.messages) };
}

export function useConversation(conversationId: number | undefined) {
  return useQuery({
    queryKey: conversationKey(conversationId ?? 0),
    queryFn: (context) => fetchConversation(conversationId ?? 0, context),
    enabled: !!conversationId,
    staleTime: 10_000,
  });
}

/** The member's IM with someone, if there is one. */
export function useConversationWith(targetId: number | undefined) {
  return useQuery({
    queryKey: keyOf(m.searchConversation, { targetId: targetId ?? 0 }),
    queryFn: async ({ signal }) =>
      ((await call(m.searchConversation, { targetId: targetId ?? 0 }, { signal }))[0] ??
        null) as LocalConversation | null,
    enabled: !!targetId,
  });
}

export function useAllConversations(page: number, limit = 30) {
  return useQuery({
    queryKey: keyOf(m.getUserConversations, { page, limit, maxMessages: 1 }),
    queryFn: ({ signal }) =>
      call(m.getUserConversations, { page, limit, maxMessages: 1 }, { signal }) as Promise<
        LocalConversation[]
      >,
  });
}

export function useOfflineBox(box: 'inbox' | 'sent', page: number, limit = 20) {
  const endpoint = box === 'inbox' ? m.getOfflineInbox : m.getOfflineSent;
  return useQuery({
    queryKey: [...keyOf(endpoint), page, limit],
    queryFn: ({ signal }) => call(endpoint, { page, limit }, { signal }) as Promise<OfflineMessage[]>,
  });
}

export function invalidateOffline(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: offlineInboxKey });
  void queryClient.invalidateQueries({ queryKey: offlineSentKey });
}

export const messagingApi = m;

/** Plain calls of the messaging area, typed by the contract (the pages' sends and marks). */
export const sendIm = /* @__PURE__ */ one(m.send);
export const getConversation = /* @__PURE__ */ one(m.getConversation);
export const sendTypingEvent = /* @__PURE__ */ one(m.sendTypingEvent);
export const setImFontColor = /* @__PURE__ */ one(m.setFontColor);
export const setImBackgroundColor = /* @__PURE__ */ one(m.setBackgroundColor);
export const inviteToConversation = /* @__PURE__ */ one(m.invite);
export const leaveImConversation = /* @__PURE__ */ one(m.leave);
export const setReadTimestamp = /* @__PURE__ */ one(m.setReadTimestamp);
export const sendVoiceMessage = /* @__PURE__ */ one(m.sendVoiceMessage);
export const sendOffline = /* @__PURE__ */ one(m.sendOffline);
export const markOfflineRead = /* @__PURE__ */ one(m.markOfflineRead);
export const renameConversation = /* @__PURE__ */ one(m.rename);
export const setConversationProperty = /* @__PURE__ */ one(m.setProperty);
