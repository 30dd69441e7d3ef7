import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { conversationKey, headerListKey } from '../../api/areas/messaging';
import { PushDispatcher } from '../../api/dispatcher';
import { ImStore } from './imStore';
import { leaveConversation } from './leaveRoute';
import { registerImHandlers } from './push';
import type { LocalConversation } from './rules';

const ana = { uid: 7, name: 'ana' };
const event = (conversationId: number, id: number, content = 'hola', sender = ana) => ({
  type: 'message' as const,
  conversationId,
  ownerId: 1,
  conversationType: 1,
  message: { id, content, sender, sentTime: 1000 + id, conversationId },
});

describe('messaging push handlers', () => {
  let dispatcher: PushDispatcher;
  let queryClient: QueryClient;
  let store: ImStore;
  let markRead: ReturnType<typeof vi.fn<(ref: { conversationId: number }) => Promise<unknown>>>;
  let fetchOne: ReturnType<typeof vi.fn<(conversationId: number) => Promise<LocalConversation>>>;
  let off: () => void;
  const list = (): LocalConversation[] => queryClient.getQueryData(headerListKey) ?? [];

  beforeEach(() => {
    dispatcher = new PushDispatcher();
    queryClient = new QueryClient();
    store = new ImStore(undefined);
    markRead = vi.fn(async (_ref: { conversationId: number }) => true as unknown);
    fetchOne = vi.fn(
      async (conversationId: number): Promise<LocalConversation> => ({
        conversationId,
        unreadMessageCount: 1,
        messages: [{ id: 50, content: 'nuevo', sender: ana }],
      }),
    );
    off = registerImHandlers({
      dispatcher,
      queryClient,
      store,
      me: () => 1,
      windowFocused: () => true,
      markRead,
      fetchOne,
    });
    queryClient.setQueryData(headerListKey, [
      { conversationId: 1, unreadMessageCount: 0, messages: [] },
      { conversationId: 2, unreadMessageCount: 1, messages: [] },
    ]);
    queryClient.setQueryData(conversationKey(2), {
      conversationId: 2,
      messages: [{ id: 1, content: 'a', sender: ana }],
    });
  });
  afterEach(() => off());

  it('focused window: the dialog takes the line, no badge, read on the server', () => {
    store.viewOpened({ conversationId: 2, dialogKey: 1, focused: true });
    dispatcher.dispatch(event(2, 9));
    expect(
      queryClient.getQueryData<LocalConversation>(conversationKey(2))?.messages?.map((m) => m.id),
    ).toEqual([1, 9]);
    expect(list()[0]).toMatchObject({ conversationId: 2, unreadMessageCount: 1 });
    expect(markRead).toHaveBeenCalledWith({ conversationId: 2, ownerId: 1, type: 1 });
  });

  it('open but unfocused window: the dialog takes the line and the badge goes up', () => {
    store.viewOpened({ conversationId: 2, dialogKey: 1, focused: false });
    dispatcher.dispatch(event(2, 9));
    dispatcher.dispatch(event(2, 9));
    expect(queryClient.getQueryData<LocalConversation>(conversationKey(2))?.messages).toHaveLength(2);
    expect(list()[0].unreadMessageCount).toBe(2);
    expect(markRead).not.toHaveBeenCalled();
  });

  it('not in the header list: fetched and inserted at the top with its badge', async () => {
    dispatcher.dispatch(event(5, 50, 'nuevo'));
    await vi.waitFor(() => expect(list()[0]?.conversationId).toBe(5));
    expect(fetchOne).toHaveBeenCalledWith(5);
    expect(list()[0].unreadMessageCount).toBe(1);
    expect(list()).toHaveLength(3);
  });

  it('typing from someone else shows; one’s own is ignored', () => {
    dispatcher.dispatch({ type: 'typing', conversationId: 2, ownerId: 1, user: ana });
    dispatcher.dispatch({ type: 'typing', conversationId: 1, ownerId: 1, user: { uid: 1, name: 'yo' } });
    expect(store.whoIsTyping(2)).toBe('ana');
    expect(store.whoIsTyping(1)).toBeUndefined();
    dispatcher.dispatch(event(2, 10));
    expect(store.whoIsTyping(2)).toBeUndefined();
  });
});

describe('offline mail push', () => {
  it('category 1 marks new mail and refreshes the inbox; friend requests do not', () => {
    const dispatcher = new PushDispatcher();
    const queryClient = new QueryClient();
    const store = new ImStore(undefined);
    const off = registerImHandlers({ dispatcher, queryClient, store, me: () => 1 });
    dispatcher.dispatch({ type: 'offlineMessage', id: 1, category: 3, sender: ana });
    expect(store.getState().newMail).toBe(0);
    dispatcher.dispatch({ type: 'offlineMessage', id: 2, category: 1, sender: ana });
    expect(store.getState().newMail).toBe(1);
    store.mailSeen();
    expect(store.getState().newMail).toBe(0);
    off();
  });
});

describe('leaving a conversation', () => {
  it('removes the item at once; a failed leave puts it back in its place', async () => {
    const queryClient = new QueryClient();
    const items = [
      { conversationId: 1, unreadMessageCount: 0 },
      { conversationId: 2, unreadMessageCount: 4 },
      { conversationId: 3, unreadMessageCount: 0 },
    ];
    queryClient.setQueryData(headerListKey, items);
    let reject: (error: unknown) => void = () => undefined;
    const pending = leaveConversation(
      { conversationId: 2 },
      { queryClient, leave: () => new Promise((_, r) => (reject = r)), closeWindow: () => undefined },
    );
    expect(
      queryClient.getQueryData<LocalConversation[]>(headerListKey)?.map((c) => c.conversationId),
    ).toEqual([1, 3]);
    reject(new Error('no'));
    expect(await pending).toBe(false);
    expect(
      queryClient.getQueryData<LocalConversation[]>(headerListKey)?.map((c) => c.conversationId),
    ).toEqual([1, 2, 3]);
  });

  it('a successful leave keeps it gone', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(headerListKey, [{ conversationId: 2, unreadMessageCount: 4 }]);
    const closed: number[] = [];
    expect(
      await leaveConversation(
        { conversationId: 2 },
        { queryClient, leave: async () => true, closeWindow: (id) => closed.push(id) },
      ),
    ).toBe(true);
    expect(queryClient.getQueryData(headerListKey)).toEqual([]);
    expect(closed).toEqual([2]);
  });
});
