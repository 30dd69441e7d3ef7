import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { conversationKey, getConversation, useHeaderConversations } from '../../api/areas/messaging';
import { useSession } from '../../api/areas/user';
import { useStore } from '../../ui/store';
import { type ConversationRef, imStore } from './imStore';
import { markConversationRead } from './push';
import { type LocalConversation, type LocalMessage, mergeMessages } from './rules';

/**
 * What a shown conversation tells the rest of the app: the page registers as an open view,
 * focus inside it makes it the focused conversation, focus reads it (badge to zero, read time
 * to the server), and the newest line stays in view. Answers the refs of the view and its list.
 */
export function useViewPresence({
  cid,
  ref,
  initial,
  viewKey,
  registerAsPage,
  conversation,
  count,
}: {
  cid: number | undefined;
  ref: ConversationRef | undefined;
  /** The conversation the view was opened with (the page registers under it). */
  initial: ConversationRef | undefined;
  viewKey: number | undefined;
  registerAsPage: boolean | undefined;
  conversation: LocalConversation | undefined;
  count: number;
}) {
  const queryClient = useQueryClient();
  const { user: me } = useSession();
  const im = useStore(imStore);
  const focused = cid
    ? im.open.some((v) => v.conversationId === cid && v.dialogKey === viewKey && v.focused)
    : false;
  const list = useRef<HTMLOListElement>(null);
  const root = useRef<HTMLDivElement>(null);
  // The page counts as "open" for the incoming-message rules while it is shown (windows register
  // themselves, minimized ones included).
  useEffect(() => {
    if (!cid || viewKey !== undefined || !registerAsPage) return;
    imStore.viewOpened({
      conversationId: cid,
      ownerId: initial?.ownerId,
      type: initial?.type,
      dialogKey: viewKey,
      focused: false,
    });
    return () => imStore.viewClosed({ conversationId: cid, dialogKey: viewKey });
  }, [cid, viewKey, registerAsPage, initial?.ownerId, initial?.type]);

  // Read on focus: the badge goes to zero and the server learns the read time.
  const headerItem = useHeaderConversations(!!me).data?.find((c) => c.conversationId === cid);
  const unread = Math.max(conversation?.unreadMessageCount ?? 0, headerItem?.unreadMessageCount ?? 0);
  const readRef = useRef(ref);
  readRef.current = ref;
  useEffect(() => {
    if (focused && readRef.current && unread > 0) void markConversationRead(queryClient, readRef.current);
  }, [focused, unread, queryClient]);

  // Keep the newest line in view.
  useEffect(() => {
    const element = list.current;
    if (element && count > 0) element.scrollTop = element.scrollHeight;
  }, [count]);

  // Focus inside the view (list or composer) makes it the focused conversation.
  useEffect(() => {
    const element = root.current;
    if (!element || !cid) return;
    const onIn = () => imStore.setFocused(cid, viewKey, true);
    const onOut = (event: FocusEvent) => {
      if (!element.contains(event.relatedTarget as Node | null)) imStore.setFocused(cid, viewKey, false);
    };
    element.addEventListener('focusin', onIn);
    element.addEventListener('focusout', onOut);
    if (element.contains(document.activeElement)) onIn();
    return () => {
      element.removeEventListener('focusin', onIn);
      element.removeEventListener('focusout', onOut);
    };
  }, [cid, viewKey]);

  return { root, list };
}

/** "Older messages": the 30 lines before the first one shown, merged into the cached conversation. */
export function useOlderMessages(cid: number | undefined, messages: readonly LocalMessage[]) {
  const queryClient = useQueryClient();
  const [loading, setLoading] = useState(false);
  const load = async () => {
    const first = messages.find((m) => m.id !== undefined)?.id;
    if (!cid || first === undefined) return;
    setLoading(true);
    try {
      const older = (await getConversation({
        conversationId: cid,
        beforeMessageId: first,
        maxMessages: 30,
      })) as LocalConversation;
      queryClient.setQueryData<LocalConversation>(conversationKey(cid), (c) =>
        c ? { ...c, messages: mergeMessages(older.messages, c.messages) } : c,
      );
    } finally {
      setLoading(false);
    }
  };
  return { load, loading };
}
