import type { QueryClient } from '@tanstack/react-query';
import { OfflineCategory } from '@tertulia/contract';
import {
  conversationKey,
  getConversation,
  headerListKey,
  invalidateOffline,
  setReadTimestamp,
} from '../../api/areas/messaging';
import type { EventOf, PushDispatcher } from '../../api/dispatcher';
import type { ConversationRef, ImStore } from './imStore';
import {
  applyIncoming,
  insertConversation,
  type LocalConversation,
  mergeMessages,
  planIncoming,
  setUnread,
} from './rules';

export interface ImPushDeps {
  dispatcher: PushDispatcher;
  queryClient: QueryClient;
  store: ImStore;
  /** The logged-in member's id. */
  me: () => number | undefined;
  /** Whether this browser window has the focus (a focused dialog in a background tab is not read). */
  windowFocused?: () => boolean;
  markRead?: (ref: ConversationRef) => Promise<unknown>;
  fetchOne?: (conversationId: number) => Promise<LocalConversation>;
}

/** Marks a conversation read on the server and zeroes its badge. */
export function markConversationRead(queryClient: QueryClient, ref: ConversationRef): Promise<unknown> {
  queryClient.setQueryData<LocalConversation[]>(headerListKey, (list) =>
    list ? setUnread(list, ref.conversationId, 0) : list,
  );
  queryClient.setQueryData<LocalConversation>(conversationKey(ref.conversationId), (c) =>
    c ? { ...c, unreadMessageCount: 0 } : c,
  );
  return setReadTimestamp({
    conversationId: ref.conversationId,
    ownerId: ref.ownerId,
    type: ref.type,
  }).catch(() => undefined);
}

/**
 * The messaging share of push events: the open view, the header list, its
 * badges (and so the title count) and typing indicators follow `message` and `typing`.
 */
export function registerImHandlers(deps: ImPushDeps): () => void {
  const { dispatcher, queryClient, store, me } = deps;
  const windowFocused = deps.windowFocused ?? (() => typeof document === 'undefined' || document.hasFocus());
  const markRead = deps.markRead ?? ((ref: ConversationRef) => markConversationRead(queryClient, ref));
  const fetchOne =
    deps.fetchOne ??
    ((conversationId: number) =>
      getConversation({
        conversationId,
        maxMessages: 1,
      }) as Promise<LocalConversation>);

  const onMessage = (e: EventOf<'message'>) => {
    const cid = e.conversationId;
    const own = e.message.sender?.uid !== undefined && e.message.sender.uid === me();
    const plan = planIncoming({
      open: store.isOpen(cid),
      focused: store.isFocused(cid) && windowFocused(),
      own,
    });
    if (e.message.sender) store.stopTyping(cid);
    // The conversation's own cache (dialogs, the page) always takes the line, merged by id.
    queryClient.setQueryData<LocalConversation>(conversationKey(cid), (c) =>
      c ? { ...c, messages: mergeMessages(c.messages, [e.message]), lastActivity: e.message.sentTime } : c,
    );
    const list = queryClient.getQueryData<LocalConversation[]>(headerListKey);
    const next = list ? applyIncoming(list, cid, e.message, plan.raiseBadge) : undefined;
    if (next) queryClient.setQueryData(headerListKey, next);
    else if (list)
      // Not in the header list: fetched, then put at the top with the server's unread count.
      void fetchOne(cid)
        .then((conversation) =>
          queryClient.setQueryData<LocalConversation[]>(headerListKey, (current) =>
            insertConversation(current ?? [], {
              ...conversation,
              unreadMessageCount: plan.raiseBadge ? Math.max(1, conversation.unreadMessageCount ?? 1) : 0,
            }),
          ),
        )
        .catch(() => void queryClient.invalidateQueries({ queryKey: headerListKey }));
    if (plan.markRead) void markRead({ conversationId: cid, ownerId: e.ownerId, type: e.conversationType });
  };

  const off = [
    dispatcher.on('message', onMessage),
    dispatcher.on('typing', (e) => {
      if (e.user.uid === me()) return;
      store.typing(e.conversationId, e.user.name);
    }),
    dispatcher.on('offlineMessage', (e) => {
      // Category 1 is mail: the inbox and its badge follow (the toast is the shell's).
      if (e.category !== OfflineCategory.MESSAGE) return;
      store.mailArrived();
      invalidateOffline(queryClient);
    }),
  ];
  return () => {
    for (const unsubscribe of off) unsubscribe();
  };
}
