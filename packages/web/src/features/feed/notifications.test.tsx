// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { api } from '@tertulia/contract';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notificationsKey, unreadKey } from '../../api/areas/feed';
import { PushDispatcher, pushDispatcher } from '../../api/dispatcher';
import { fakeApi } from '../../testing/renderApp';
import NotificationsHeader from './NotificationsHeader';
import { registerNotificationHandlers } from './push';

const ok = (body: unknown) => () => ({ status: 200, body });

function mount(unread: number) {
  const calls = fakeApi({
    [api.user.getUnreadNotificationCount.path]: ok({ Integer: [unread] }),
    [api.user.getNotifications.path]: ok({
      Notification: [
        {
          id: 8,
          kind: 'comment',
          text: 'leo comentó tu estado',
          url: '/html/profile-view.jsp?user=5',
          actor: { uid: 9, name: 'leo' },
          read: false,
          creationTime: Date.now() - 120_000,
        },
        {
          id: 7,
          kind: 'like',
          text: 'A eva le gusta tu estado',
          read: true,
          creationTime: Date.now() - 3_600_000,
        },
      ],
    }),
    [api.user.markNotificationsRead.path]: ok({ Integer: [0] }),
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/', element: <NotificationsHeader /> },
      { path: '/html/profile-view.jsp', element: <h1>{'perfil'}</h1> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { calls, queryClient, router };
}

describe('notification push handler', () => {
  it('takes the count the server sends, else adds one, and refreshes the list', () => {
    const dispatcher = new PushDispatcher();
    const queryClient = new QueryClient();
    const off = registerNotificationHandlers({ dispatcher, queryClient });
    queryClient.setQueryData(unreadKey, 2);
    queryClient.setQueryData(notificationsKey, []);
    dispatcher.dispatch({ type: 'notification', id: 1, kind: 'like', text: 'x' });
    expect(queryClient.getQueryData(unreadKey)).toBe(3);
    expect(queryClient.getQueryState(notificationsKey)?.isInvalidated).toBe(true);
    dispatcher.dispatch({ type: 'notification', id: 2, kind: 'like', text: 'y', unreadCount: 10 });
    expect(queryClient.getQueryData(unreadKey)).toBe(10);
    off();
    dispatcher.dispatch({ type: 'notification', id: 3, kind: 'like', text: 'z' });
    expect(queryClient.getQueryData(unreadKey)).toBe(10);
  });
});

describe('<NotificationsHeader>', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the unread badge and raises it live on a notification push', async () => {
    mount(2);
    const bell = await screen.findByRole('button', { name: 'Notificaciones: 2 sin leer' });
    expect(screen.getByTestId('notifications-badge').textContent).toBe('2');
    act(() =>
      pushDispatcher.dispatch({
        type: 'notification',
        id: 9,
        kind: 'comment',
        text: 'leo comentó',
        unreadCount: 3,
      }),
    );
    await waitFor(() => expect(bell.getAttribute('aria-label')).toBe('Notificaciones: 3 sin leer'));
    expect(screen.getByTestId('notifications-badge').textContent).toBe('3');
  });

  it('without unread notifications there is no badge', async () => {
    mount(0);
    await screen.findByRole('button', { name: 'Notificaciones' });
    expect(screen.queryByTestId('notifications-badge')).toBeNull();
  });

  it('lists notifications; opening one marks it read and goes to its item; "mark all" clears the badge', async () => {
    const { calls, router } = mount(1);
    fireEvent.click(await screen.findByRole('button', { name: 'Notificaciones: 1 sin leer' }));
    const entries = await screen.findAllByTestId('notification');
    expect(entries.map((e) => e.textContent)).toEqual([
      expect.stringContaining('leo comentó tu estado'),
      expect.stringContaining('A eva le gusta tu estado'),
    ]);
    expect(entries[0].textContent).toContain('Sin leer');
    fireEvent.click(screen.getByRole('button', { name: 'Marcar todo como leído' }));
    await waitFor(() => expect(screen.queryByTestId('notifications-badge')).toBeNull());
    const all = calls.find((c) => c.path === api.user.markNotificationsRead.path)!;
    expect(JSON.parse(all.init.body as string)).toEqual({});

    fireEvent.click(screen.getByText('leo comentó tu estado'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/html/profile-view.jsp'));
  });
});
