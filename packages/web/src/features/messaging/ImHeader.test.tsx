// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { api } from '@tertulia/contract';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { headerListKey } from '../../api/areas/messaging';
import { sessionKey } from '../../api/areas/user';
import { pushDispatcher } from '../../api/dispatcher';
import { fakeApi } from '../../testing/renderApp';
import { dialogs } from '../../ui/dialog/dialogStore';
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
    for (const open of dialogs.getState()) dialogs.close(open.key);
  });

  it('lists at most 11 conversations, then "Ver todas"; media previews read Foto / Video', async () => {
    fakeApi({});
    const list = Array.from({ length: 12 }, (_, i) => conversation(i + 1));
    list[0] = conversation(1, 0, '[image]/media/x.jpg[/image]');
    list[1] = conversation(2, 0, '[video]/media/x.mp4[/video]');
    renderHeader(list);
    fireEvent.click(screen.getByTestId('im-button'));
    // The panel is its own chunk, fetched on the first opening.
    expect(await screen.findAllByTestId('im-item')).toHaveLength(11);
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

  it('"Nuevo mensaje" picks a recipient by name and opens the send-IM window for them', async () => {
    const calls = fakeApi({
      [api.people.findUsersByName.path]: (url) => ({
        status: 200,
        body: {
          ApiSearchResult: [
            {
              searchResults: url.searchParams.get('name')?.startsWith('be')
                ? [
                    { uid: 7, name: 'beatriz' },
                    { uid: 8, name: 'benito' },
                  ]
                : [],
              totalNumberResults: 2,
            },
          ],
        },
      }),
    });
    renderHeader([conversation(1)]);
    fireEvent.click(screen.getByTestId('im-button'));
    fireEvent.click(await screen.findByRole('button', { name: 'Nuevo mensaje' }));
    // The picker takes the list's place until the dropdown closes.
    expect(screen.queryByTestId('im-item')).toBeNull();
    const to = await screen.findByLabelText('Para');
    // Nothing typed: said, and nothing opens.
    fireEvent.click(screen.getByRole('button', { name: 'Escribir' }));
    expect(screen.getByRole('alert').textContent).toBe('Escribe el nombre de alguien.');
    fireEvent.change(to, { target: { value: 'be' } });
    fireEvent.keyUp(to, { keyCode: 69 });
    fireEvent.click(await screen.findByRole('button', { name: 'beatriz' }, { timeout: 2000 }));
    expect(calls.some((c) => c.path === api.people.findUsersByName.path)).toBe(true);
    const [opened] = dialogs.getState();
    expect(opened.props).toMatchObject({ conversationId: 0, target: { uid: 7, name: 'beatriz' } });
    // The dropdown closed behind it.
    expect(screen.queryByTestId('im-new-form')).toBeNull();
  });

  it('"Nuevo mensaje" takes an exact name typed and sent with Enter, and says when nobody has it', async () => {
    fakeApi({
      [api.people.findUsersByName.path]: (url) => ({
        status: 200,
        body: {
          ApiSearchResult: [
            {
              searchResults: url.searchParams.get('name') === 'Benito' ? [{ uid: 8, name: 'benito' }] : [],
              totalNumberResults: 1,
            },
          ],
        },
      }),
    });
    renderHeader([]);
    fireEvent.click(screen.getByTestId('im-button'));
    fireEvent.click(await screen.findByRole('button', { name: 'Nuevo mensaje' }));
    const to = await screen.findByLabelText('Para');
    fireEvent.change(to, { target: { value: 'nadie' } });
    fireEvent.submit(screen.getByTestId('im-new-form'));
    expect((await screen.findByRole('alert')).textContent).toBe('No encontramos a nadie llamado nadie.');
    expect(dialogs.getState()).toEqual([]);
    fireEvent.change(to, { target: { value: 'Benito' } });
    fireEvent.submit(screen.getByTestId('im-new-form'));
    await vi.waitFor(() => expect(dialogs.getState()).toHaveLength(1));
    expect(dialogs.getState()[0].props).toMatchObject({ target: { uid: 8, name: 'benito' } });
  });
});
