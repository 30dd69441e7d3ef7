// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { api } from '@tertulia/contract';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onlineCountKey, requestCountKey } from '../../api/areas/buddy';
import { PushDispatcher, pushDispatcher } from '../../api/dispatcher';
import { registerShellHandlers } from '../../app/push/shellHandlers';
import { fakeApi } from '../../testing/renderApp';
import { ToastQueue } from '../../ui/toast/toastStore';
import { badgeText, FriendsHeader } from './FriendsHeader';
import { registerBuddyHandlers } from './push';

const ana = { uid: 7, name: 'ana' };

describe('buddy push handlers', () => {
  let dispatcher: PushDispatcher;
  let queryClient: QueryClient;
  let off: () => void;
  beforeEach(() => {
    dispatcher = new PushDispatcher();
    queryClient = new QueryClient();
    off = registerBuddyHandlers({ dispatcher, queryClient });
  });
  afterEach(() => off());

  it('a friend request (category 3) raises the request badge and refreshes the inbox', () => {
    queryClient.setQueryData(requestCountKey, 2);
    const inbox = [api.buddy.getFriendshipRequests.path, {}, 'pages', 20];
    queryClient.setQueryData(inbox, { pages: [], pageParams: [] });
    dispatcher.dispatch({ type: 'offlineMessage', id: 5, category: 3, sender: ana });
    expect(queryClient.getQueryData(requestCountKey)).toBe(3);
    expect(queryClient.getQueryState(requestCountKey)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(inbox)?.isInvalidated).toBe(true);
  });

  it('other offline messages leave the badge alone; an unknown count stays unknown', () => {
    queryClient.setQueryData(requestCountKey, 2);
    dispatcher.dispatch({ type: 'offlineMessage', id: 6, category: 1, sender: ana });
    dispatcher.dispatch({ type: 'offlineMessage', id: 7, category: 2, sender: ana });
    expect(queryClient.getQueryData(requestCountKey)).toBe(2);
    expect(queryClient.getQueryState(requestCountKey)?.isInvalidated).toBe(false);
    queryClient.removeQueries({ queryKey: requestCountKey });
    dispatcher.dispatch({ type: 'offlineMessage', id: 8, category: 3, sender: ana });
    expect(queryClient.getQueryData(requestCountKey)).toBeUndefined();
  });

  it('a friend coming online refreshes the friends-online count and the lists', () => {
    queryClient.setQueryData(onlineCountKey, 1);
    const list = [api.buddy.getBuddiesSorted.path, { sort: 'DEFAULT' }, 'pages', 50];
    queryClient.setQueryData(list, { pages: [], pageParams: [] });
    dispatcher.dispatch({ type: 'buddyOnline', user: ana });
    expect(queryClient.getQueryState(onlineCountKey)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(list)?.isInvalidated).toBe(true);
  });

  it('an accepted request refreshes friends and profiles; other notifications do not', () => {
    const profile = [api.people.getUserById.path, { userId: 7 }];
    queryClient.setQueryData(profile, ana);
    queryClient.setQueryData(onlineCountKey, 0);
    dispatcher.dispatch({ type: 'notification', id: 1, kind: 'giftThanks', text: 'gracias' });
    expect(queryClient.getQueryState(profile)?.isInvalidated).toBe(false);
    dispatcher.dispatch({
      type: 'notification',
      id: 2,
      kind: 'buddyAccepted',
      text: 'ana ha aceptado tu solicitud de amistad.',
      url: '/html/profile-view.jsp?user=7',
    });
    expect(queryClient.getQueryState(profile)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(onlineCountKey)?.isInvalidated).toBe(true);
  });
});

describe('shell notices for buddies', () => {
  it('friend requests link to the inbox, online friends to their profile, acceptances to the url sent', () => {
    const dispatcher = new PushDispatcher();
    const toast = new ToastQueue();
    const off = registerShellHandlers({
      dispatcher,
      queryClient: new QueryClient(),
      toast,
      pathname: () => '/',
    });
    dispatcher.dispatch({ type: 'offlineMessage', id: 1, category: 3, sender: ana });
    dispatcher.dispatch({ type: 'buddyOnline', user: ana });
    dispatcher.dispatch({
      type: 'notification',
      id: 2,
      kind: 'buddyAccepted',
      text: 'ana ha aceptado tu solicitud de amistad.',
      url: '/html/profile-view.jsp?user=7',
    });
    dispatcher.dispatch({ type: 'offlineMessage', id: 3, category: 1, sender: ana });
    const shown = [toast.getState().current, ...toast.getState().queue];
    expect(shown.map((t) => [t!.kind, t!.text, t!.href])).toEqual([
      ['notice', 'ana quiere ser tu amigo', '/html/buddies-requests.jsp'],
      ['notice', 'ana está en línea', '/html/profile-view.jsp?user=7'],
      ['notice', 'ana ha aceptado tu solicitud de amistad.', '/html/profile-view.jsp?user=7'],
      ['notice', 'Nuevo mensaje de ana', undefined],
    ]);
    off();
    toast.clear();
  });
});

describe('header badges', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('show the server counts and follow push events', async () => {
    let online = 1;
    let requests = 0;
    fakeApi({
      [api.buddy.getNumberFriendsOnline.path]: () => ({ status: 200, body: { Integer: [online] } }),
      [api.buddy.getFriendshipRequestCount.path]: () => ({ status: 200, body: { Integer: [requests] } }),
    });
    const router = createMemoryRouter([{ path: '*', element: <FriendsHeader /> }]);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const friends = await screen.findByRole('link', { name: 'Amigos en línea: 1' });
    expect(friends.getAttribute('href')).toBe('/html/buddies.jsp');
    expect(friends.textContent).toBe('1');
    const inbox = screen.getByRole('link', { name: 'Solicitudes de amistad' });
    expect(inbox.getAttribute('href')).toBe('/html/buddies-requests.jsp');
    expect(inbox.textContent).toBe('');

    // A request arrives: the badge shows it at once (the refetch agrees).
    requests = 1;
    act(() => pushDispatcher.dispatch({ type: 'offlineMessage', id: 9, category: 3, sender: ana }));
    expect((await screen.findByRole('link', { name: 'Solicitudes de amistad: 1' })).textContent).toBe('1');

    // A friend comes online: the count is asked again.
    online = 2;
    act(() => pushDispatcher.dispatch({ type: 'buddyOnline', user: ana }));
    expect((await screen.findByRole('link', { name: 'Amigos en línea: 2' })).textContent).toBe('2');
  });

  it('counts past 99 read 99+', () => {
    expect(badgeText(5)).toBe('5');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });
});
