import { describe, expect, it } from 'vitest';
import { enqueue, flushOutbox, type Queued, queuedMessages } from './outbox';

function memoryStorage() {
  const memory = new Map<string, string>();
  return {
    getItem: (k: string) => memory.get(k) ?? null,
    setItem: (k: string, v: string) => void memory.set(k, v),
  };
}
const item = (id: string): Queued => ({
  ref: { conversationId: 1, ownerId: 2, type: 1 },
  text: id,
  clientMessageId: id,
  queuedAt: 0,
});

describe('the offline outbox', () => {
  it('sends each queued message once, in order, and keeps what the network refused for later', async () => {
    const storage = memoryStorage();
    enqueue(item('a'), storage);
    enqueue(item('b'), storage);
    enqueue(item('a'), storage); // the same client id is kept once
    const sent: string[] = [];
    let online = false;
    const send = async (q: Queued) => {
      if (!online) return 'offline' as const;
      sent.push(q.clientMessageId);
      return 'sent' as const;
    };
    await flushOutbox(send, storage);
    expect(queuedMessages(storage).map((q) => q.clientMessageId)).toEqual(['b', 'a']);
    online = true;
    // Two flushes at once (an 'online' event and the retry timer): one sends, the other joins it.
    await Promise.all([flushOutbox(send, storage), flushOutbox(send, storage)]);
    expect(sent).toEqual(['b', 'a']);
    expect(queuedMessages(storage)).toEqual([]);
  });

  it('drops a message the server refused (it shows as failed, with its retry)', async () => {
    const storage = memoryStorage();
    enqueue(item('x'), storage);
    await flushOutbox(async () => 'refused', storage);
    expect(queuedMessages(storage)).toEqual([]);
  });
});
