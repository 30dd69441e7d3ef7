// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { api, type User } from '@tertulia/contract';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { headerListKey } from '../../api/areas/messaging';
import { setSession } from '../../api/areas/user';
import { createQueryClient, keyOf } from '../../api/query';
import '../../features/feed/setup';
import '../../features/messaging/setup';
import { BottomNav } from './BottomNav';

function setup(
  path: string,
  user: Partial<User> | null,
  seed?: (client: ReturnType<typeof createQueryClient>) => void,
) {
  // Nothing is fetched: the tests seed the cache.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { status: 500 })),
  );
  const client = createQueryClient();
  setSession(client, user as User | null);
  seed?.(client);
  const router = createMemoryRouter([{ path: '*', element: <BottomNav /> }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('<BottomNav>', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('links a member to the five main places and marks the current one', () => {
    setup('/chat/', { uid: 1, name: 'ana' });
    const nav = screen.getByRole('navigation', { name: 'Navegación' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Inicio', '/html/index.jsp'],
      ['Personas', '/html/search.jsp'],
      ['Chat', '/chat/'],
      ['Mensajes', '/html/online/message-view.jsp'],
      ['Notificaciones', '/html/notifications.jsp'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Chat' }).getAttribute('aria-current')).toBe('page');
    expect(nav.querySelectorAll('[aria-current]')).toHaveLength(1);
  });

  it('marks home only on the home page', () => {
    setup('/html/index.jsp', { uid: 1, name: 'ana' });
    const nav = screen.getByRole('navigation', { name: 'Navegación' });
    expect(within(nav).getByRole('link', { name: 'Inicio' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Personas' }).getAttribute('aria-current')).toBeNull();
  });

  it('shows the unread counts of messages and notifications', () => {
    setup('/html/index.jsp', { uid: 1, name: 'ana' }, (client) => {
      client.setQueryData(headerListKey, [
        { conversationId: 1, unreadMessageCount: 2 },
        { conversationId: 2, unreadMessageCount: 1 },
      ]);
      client.setQueryData(keyOf(api.user.getUnreadNotificationCount), 120);
    });
    expect(screen.getByTestId('nav-badge-messages').textContent).toBe('3');
    expect(screen.getByTestId('nav-badge-notifications').textContent).toBe('99+');
    expect(screen.getByRole('link', { name: /^Mensajes ?\(3 sin leer\)$/ })).toBeTruthy();
  });

  it('gives a chat room the whole screen', () => {
    setup('/chat/room/3', { uid: 1, name: 'ana' });
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('is not there for a visitor', () => {
    setup('/html/index.jsp', null);
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
