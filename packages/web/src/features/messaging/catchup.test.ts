import { QueryClient } from '@tanstack/react-query';
import { api } from '@tertulia/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { conversationKey, fetchConversation } from '../../api/areas/messaging';
import type { LocalConversation } from './rules';

const ana = { uid: 7, name: 'ana' };
const line = (id: number) => ({ id, content: `m${id}`, sender: ana, sentTime: id });

function serve(answer: (url: URL) => LocalConversation) {
  const urls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      urls.push(url);
      return new Response(JSON.stringify({ Conversation: [answer(url)] }), { status: 200 });
    }),
  );
  return urls;
}

afterEach(() => vi.unstubAllGlobals());

describe('catching up a conversation after a reconnect', () => {
  it('the first fetch takes the newest lines', async () => {
    const client = new QueryClient();
    const urls = serve(() => ({ conversationId: 3, messages: [line(1), line(2)] }));
    const c = await fetchConversation(3, { client, signal: new AbortController().signal });
    expect(urls[0].pathname).toBe(api.messaging.getConversation.path);
    expect(urls[0].searchParams.get('afterMessageId')).toBeNull();
    expect(c.messages?.map((m) => m.id)).toEqual([1, 2]);
  });

  it('later fetches ask only after the last id held and merge without duplicates', async () => {
    const client = new QueryClient();
    client.setQueryData(conversationKey(3), { conversationId: 3, messages: [line(1), line(2), line(4)] });
    // The server answers with what came after 4, and (a race) 4 again.
    const urls = serve(() => ({ conversationId: 3, messages: [line(4), line(5), line(6)] }));
    const c = await fetchConversation(3, { client, signal: new AbortController().signal });
    expect(urls[0].searchParams.get('afterMessageId')).toBe('4');
    expect(c.messages?.map((m) => m.id)).toEqual([1, 2, 4, 5, 6]);
  });
});
