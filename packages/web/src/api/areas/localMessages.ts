import type { Conversation, Message } from '@tertulia/contract';

/**
 * The client's copy of a conversation's lines, kept in the query cache by the messaging area:
 * what is merged when a fetch, a send's answer or a push brings messages.
 */

/** A message as the client holds it: optimistic lines carry their client id and state. */
export type LocalMessage = Message & {
  clientMessageId?: string;
  status?: 'sending' | 'failed' | 'queued';
  /** What the member sent, for a retry: the text and the attached album photo (content shows its tag). */
  outgoing?: { text: string; photoId?: number };
};
export type LocalConversation = Omit<Conversation, 'messages'> & { messages?: LocalMessage[] };

const order = (a: LocalMessage, b: LocalMessage) => {
  // Lines still on their way stay at the bottom, in the order they were written.
  if (a.id === undefined || b.id === undefined) {
    if (a.id === undefined && b.id === undefined) return 0;
    return a.id === undefined ? 1 : -1;
  }
  return (a.sentTime ?? 0) - (b.sentTime ?? 0) || a.id - b.id;
};

/**
 * Merges fetched or pushed messages into what is shown: one line per message id, in order.
 * An optimistic line is replaced by the server's once a message with its client id (or the
 * same sender and text) arrives.
 */
export function mergeMessages(
  current: readonly LocalMessage[] = [],
  incoming: readonly LocalMessage[] = [],
): LocalMessage[] {
  const byId = new Map<number, LocalMessage>();
  const pending: LocalMessage[] = [];
  for (const message of [...current, ...incoming]) {
    if (message.id === undefined) pending.push(message);
    else byId.set(message.id, { ...byId.get(message.id), ...message });
  }
  const confirmed = [...byId.values()];
  const stillPending = pending.filter(
    (p) =>
      !confirmed.some(
        (m) =>
          (p.clientMessageId && m.clientMessageId === p.clientMessageId) ||
          (p.status !== 'failed' && m.sender?.uid === p.sender?.uid && m.content === p.content),
      ),
  );
  return [...confirmed, ...stillPending].sort(order);
}

/** The id to catch up from after a reconnect: the newest message the client has. */
export function lastMessageId(messages: readonly LocalMessage[] = []): number | undefined {
  let last: number | undefined;
  for (const m of messages) if (m.id !== undefined && (last === undefined || m.id > last)) last = m.id;
  return last;
}
