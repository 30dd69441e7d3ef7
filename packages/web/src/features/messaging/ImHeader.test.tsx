// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { headerListKey } from '../../api/areas/messaging';
import { sessionKey } from '../../api/areas/user';
import { pushDispatcher } from '../../api/dispatcher';
import { fakeApi } from '../../testing/renderApp';
import { ImHeader } from './ImHeader';
import type { LocalConversation } from './rules';

const me = { uid: 1, name: 'yo' };
const conversation = (id: number, unread = 0, content = `línea ${id}`): LocalConversation => ({
  conversationId: id,
  type: 1,
  users: [me, { uid: 100 + id, name: `amigo${id}` }],
  unreadMessageCount: unread,
  lastActivity: Date.now(),
  messages: [{ id: id * 10, content, sender: { uid: 100 + id, name: `amigo${id}` } }],
});

function renderHeader(list: LocalConversation[]) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  queryClient.setQueryData(sessionKey, me);
  queryClient.setQueryData(headerListKey, list);
  const router = createMemoryRouter([{ path: '*', element: <ImHeader /> }], {
    initialEntries: ['/html/index.jsp'],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return queryClient;
}

describe('header IM dropdown', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists at most 11 conversations, then "Ver todas"; media previews read Foto / Video', async () => {
    fakeApi({});
    const list = Array.from({ length: 12 }, (_, i) => conversation(i + 1));
    list[0] = conversation(1, 0, '[image]/media/x.jpg[/image]');
    list[1] = conversation(2, 0, '[video]/media/x.mp4[/video]');
    renderHeader(list);
    fireEvent.click(screen.getByTestId('im-button'));
    expect(screen.getAllByTestId('im-item')).toHaveLength(11);
    expect(screen.getByRole('link', { name: 'Ver todas' })).toBeTruthy();
    expect(screen.getAllByTestId('im-item')[0].textContent).toContain('Foto');
    expect(screen.getAllByTestId('im-item')[1].textContent).toContain('Video');
  });

  it('sums the badges into the button and the title, and follows incoming messages', async () => {
    fakeApi({});
    renderHeader([conversation(1, 2), conversation(2, 1)]);
    expect(screen.getByTestId('im-badge').textContent).toBe('3');
    expect(document.title).toMatch(/^\(3\) /);
    act(() =>
      pushDispatcher.dispatch({
        type: 'message',
        conversationId: 2,
        ownerId: 1,
        conversationType: 1,
        message: { id: 99, content: 'otra', sender: { uid: 102, name: 'amigo2' }, sentTime: Date.now() },
      }),
    );
    // Query notifications are batched: the badge follows on the next tick.
    await vi.waitFor(() => expect(screen.getByTestId('im-badge').textContent).toBe('4'));
    expect(document.title).toMatch(/^\(4\) /);
    act(() =>
      pushDispatcher.dispatch({
        type: 'typing',
        conversationId: 1,
        ownerId: 1,
        user: { uid: 101, name: 'amigo1' },
      }),
    );
    fireEvent.click(screen.getByTestId('im-button'));
    await vi.waitFor(() =>
      expect(screen.getAllByTestId('im-item')[1].textContent).toContain('amigo1 está escribiendo…'),
    );
  });
});
