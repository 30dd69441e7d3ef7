import type { ConversationRef } from './imStore';

/**
 * Messages written while offline (docs/web-push.md, "Offline"): kept in localStorage with their
 * client message id until the network is back, then sent once. The server stores a client id
 * once however often it arrives, so a send that raced a reload or another tab is never doubled.
 */
export interface Queued {
  ref: ConversationRef;
  text: string;
  /** An attached album photo (its post id); the copy is made when the line reaches the server. */
  photoId?: number;
  clientMessageId: string;
  queuedAt: number;
}

const KEY = 'tertulia.outbox';
type Store = Pick<Storage, 'getItem' | 'setItem'>;

export function queuedMessages(storage: Store = localStorage): Queued[] {
  try {
    const list = JSON.parse(storage.getItem(KEY) ?? '[]');
    return Array.isArray(list) ? (list as Queued[]) : [];
  } catch {
    return [];
  }
}

function save(list: Queued[], storage: Store) {
  storage.setItem(KEY, JSON.stringify(list));
}

export function enqueue(item: Queued, storage: Store = localStorage): void {
  save([...queuedMessages(storage).filter((q) => q.clientMessageId !== item.clientMessageId), item], storage);
}

export function dequeue(clientMessageId: string, storage: Store = localStorage): void {
  save(
    queuedMessages(storage).filter((q) => q.clientMessageId !== clientMessageId),
    storage,
  );
}

let flushing: Promise<void> | undefined;

/**
 * Sends what waits, oldest first, one flush at a time in this tab. `send` resolves when the
 * server stored it; 'offline' stops the flush (the rest waits for the next), 'refused' drops it.
 */
export function flushOutbox(
  send: (item: Queued) => Promise<'sent' | 'offline' | 'refused'>,
  storage: Store = localStorage,
): Promise<void> {
  flushing ??= (async () => {
    try {
      for (const item of queuedMessages(storage)) {
        const outcome = await send(item);
        if (outcome === 'offline') break;
        dequeue(item.clientMessageId, storage);
      }
    } finally {
      flushing = undefined;
    }
  })();
  return flushing;
}
