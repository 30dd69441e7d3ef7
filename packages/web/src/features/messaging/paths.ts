import type { ConversationRef } from './imStore';

const query = (ref: ConversationRef) =>
  `cid=${ref.conversationId}&u=${ref.ownerId ?? ''}&type=${ref.type ?? ''}`;

/** The messaging pages. */
export const IM_PATHS = {
  /** Without cid: every conversation ("see all"). */
  messages: '/html/online/message-view.jsp',
  conversation: (ref: ConversationRef) => `/html/online/message-view.jsp?${query(ref)}`,
  leave: (ref: ConversationRef) => `/html/online/online-main.jsp?${query(ref)}&action=leave`,
  inbox: '/offline/offline-inbox.jsp',
  sent: '/offline/offline-sent.jsp',
} as const;

/** Reads `cid`, `u` and `type` from a page's query string. */
export function refFromSearch(search: URLSearchParams): ConversationRef | undefined {
  const conversationId = Number(search.get('cid'));
  if (!Number.isInteger(conversationId) || conversationId <= 0) return undefined;
  const ownerId = Number(search.get('u')) || undefined;
  const type = Number(search.get('type')) || undefined;
  return { conversationId, ownerId, type };
}
