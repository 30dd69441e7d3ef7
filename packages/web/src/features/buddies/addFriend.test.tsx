// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { api, type User } from '@tertulia/contract';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionKey } from '../../api/areas/user';
import { ApiError } from '../../api/errors';
import { createQueryClient } from '../../api/query';
import { fakeApi, renderApp } from '../../testing/renderApp';
import { toast } from '../../ui/toast/toastStore';
import ProfileCard from '../people/ProfileCard';
import { AddFriendButton } from './AddFriendButton';
import { requestFailure, showsAddFriend } from './addFriend';
import './setup';

const ana: User = { uid: 10_001, name: 'ana' };
const leo: User = { uid: 10_050, name: 'leo', firstName: 'Leo', isFriend: false, canInitiateIM: true };
const CONFIRM_TEXT = 'leo solo acepta solicitudes de quien le dice su apellido o su teléfono.';

const ok = (body: unknown) => () => ({ status: 200, body });
const shownToasts = () => [toast.getState().current, ...toast.getState().queue].filter(Boolean);

function renderButton(viewer: User | null, target: User) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(sessionKey, viewer);
  const router = createMemoryRouter(
    [
      { path: '/html/profile-view.jsp', element: <AddFriendButton user={target} /> },
      { path: '/html/buddies-show.jsp', element: <p>confirmation</p> },
    ],
    { initialEntries: [`/html/profile-view.jsp?user=${target.uid}`] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('add-friend button', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    toast.clear();
  });

  it('shows for other members who are not friends, to members only', () => {
    expect(showsAddFriend(ana, leo)).toBe(true);
    expect(showsAddFriend(ana, { ...leo, isFriend: undefined })).toBe(true);
    expect(showsAddFriend(ana, { ...leo, isFriend: true })).toBe(false);
    expect(showsAddFriend(ana, { ...leo, uid: ana.uid })).toBe(false);
    expect(showsAddFriend(null, leo)).toBe(false);

    fakeApi({});
    renderButton(ana, leo);
    expect(screen.getByRole('button', { name: 'Añadir a amigos' })).toBeTruthy();
    for (const [viewer, target] of [
      [ana, { ...leo, isFriend: true }],
      [ana, { ...leo, uid: ana.uid }],
      [null, leo],
    ] as const) {
      cleanup();
      renderButton(viewer, target);
      expect(screen.queryByRole('button')).toBeNull();
    }
  });

  it('sends the request; success is the exact toast and the button says it was sent', async () => {
    const bodies: Record<string, unknown>[] = [];
    fakeApi({
      [api.buddy.sendUserBuddyRequest.path]: (_url, init) => {
        bodies.push(JSON.parse(init.body as string));
        return { status: 200, body: { Long: [77] } };
      },
    });
    renderButton(ana, leo);
    fireEvent.click(screen.getByRole('button', { name: 'Añadir a amigos' }));
    const sent = await screen.findByRole('button', { name: 'Solicitud enviada' });
    expect((sent as HTMLButtonElement).disabled).toBe(true);
    expect(bodies).toEqual([{ receivingUserId: leo.uid, source: 'profile' }]);
    expect(shownToasts().map((t) => [t!.kind, t!.text])).toEqual([
      ['success', 'Solicitud de amistad enviada'],
    ]);
  });

  it('a receiver who asks for confirmation sends us to the add-friend page with their message', async () => {
    fakeApi({
      [api.buddy.sendUserBuddyRequest.path]: () => ({
        status: 409,
        body: { message: CONFIRM_TEXT, BuddyRequestConfirmationRequiredException: { name: 'leo' } },
      }),
    });
    const router = renderButton(ana, leo);
    fireEvent.click(screen.getByRole('button', { name: 'Añadir a amigos' }));
    await screen.findByText('confirmation');
    const { pathname, search } = router.state.location;
    expect(pathname).toBe('/html/buddies-show.jsp');
    const query = new URLSearchParams(search);
    expect(Object.fromEntries(query)).toEqual({
      action: 'add',
      u: String(leo.uid),
      pageerrormsg: CONFIRM_TEXT,
    });
    expect(shownToasts()).toEqual([]);
  });

  it('other errors are error toasts with the server text', async () => {
    fakeApi({
      [api.buddy.sendUserBuddyRequest.path]: () => ({
        status: 409,
        body: { message: 'Ya le enviaste una solicitud. Espera su respuesta.', ApiConflictException: {} },
      }),
    });
    const router = renderButton(ana, leo);
    fireEvent.click(screen.getByRole('button', { name: 'Añadir a amigos' }));
    await vi.waitFor(() => expect(shownToasts()).toHaveLength(1));
    expect(shownToasts().map((t) => [t!.kind, t!.text])).toEqual([
      ['error', 'Ya le enviaste una solicitud. Espera su respuesta.'],
    ]);
    expect(router.state.location.pathname).toBe('/html/profile-view.jsp');
    expect(screen.getByRole('button', { name: 'Añadir a amigos' })).toBeTruthy();
  });

  it('the redirect rule: only the confirmation error leads to the page, with the message encoded', () => {
    const confirmation = new ApiError(
      409,
      'BuddyRequestConfirmationRequiredException',
      'Dime quién eres & más',
    );
    expect(requestFailure(confirmation, 7)).toEqual({
      redirect:
        '/html/buddies-show.jsp?action=add&u=7&pageerrormsg=Dime%20qui%C3%A9n%20eres%20%26%20m%C3%A1s',
    });
    expect(requestFailure(new ApiError(403, 'ApiForbiddenException', 'no'), 7)).toEqual({ toast: true });
    expect(requestFailure(new Error('x'), 7)).toEqual({ toast: true });
  });
});

describe('add friend on the profile page and the hover card', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    toast.clear();
  });

  it('the profile page of a non-friend has the button; a friend’s does not', async () => {
    let target = leo;
    fakeApi({
      [api.user.getSessionUser.path]: ok({ User: [ana] }),
      [api.people.getUserById.path]: () => ({ status: 200, body: { User: [target] } }),
      [api.people.updateProfileVisit.path]: ok({ Boolean: [true] }),
    });
    renderApp(`/html/profile-view.jsp?user=${leo.uid}`);
    const main = await screen.findByRole('main');
    await within(main).findByRole('heading', { level: 1 });
    // The button is its own chunk (a loader registered by setup.ts): it shows once loaded.
    expect(await within(main).findByRole('button', { name: 'Añadir a amigos' })).toBeTruthy();
    cleanup();
    target = { ...leo, isFriend: true };
    renderApp(`/html/profile-view.jsp?user=${leo.uid}`);
    const again = await screen.findByRole('main');
    await within(again).findByRole('heading', { level: 1 });
    expect(within(again).queryByRole('button', { name: 'Añadir a amigos' })).toBeNull();
  });

  it('the hover card has it too, never for oneself', async () => {
    fakeApi({ [api.people.getUserById.path]: ok({ User: [leo] }) });
    const queryClient = createQueryClient();
    queryClient.setQueryData(sessionKey, ana);
    const renderCard = (target: User) => {
      const router = createMemoryRouter([{ path: '*', element: <ProfileCard user={target} /> }]);
      render(
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>,
      );
      return screen.getByTestId('profile-card');
    };
    expect(await within(renderCard(leo)).findByRole('button', { name: 'Añadir a amigos' })).toBeTruthy();
    cleanup();
    expect(within(renderCard({ ...ana })).queryByRole('button', { name: 'Añadir a amigos' })).toBeNull();
  });
});
