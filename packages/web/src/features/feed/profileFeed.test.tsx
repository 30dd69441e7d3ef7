// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { api, type User } from '@tertulia/contract';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionKey } from '../../api/areas/user';
import { fakeApi } from '../../testing/renderApp';
import ProfileFeed from './ProfileFeed';

const ana: User = { uid: 5, name: 'ana' };
const leo: User = {
  uid: 9,
  name: 'leo',
  statusObject: { id: 3, status: 'De viaje por **Lisboa**', timestamp: Date.now() - 60_000, userId: 9 },
};
const ok = (body: unknown) => () => ({ status: 200, body });

function mount(profile: User, viewer: User, guestbook: Parameters<typeof fakeApi>[0][string]) {
  const calls = fakeApi({
    [api.feed.getEvents.path]: ok({ FeedEvent: [] }),
    [api.user.getGuestbookComments.path]: ok({
      GuestbookEntry: [
        { id: 1, profileId: profile.uid, author: ana, message: 'hola leo', creationTime: Date.now() },
      ],
    }),
    [api.user.postGuestbookComment.path]: guestbook,
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(sessionKey, viewer);
  const router = createMemoryRouter([
    { path: '/', element: <ProfileFeed user={profile} own={profile.uid === viewer.uid} /> },
  ]);
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return calls;
}

describe('profile status, activity and guestbook', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the latest status as rich text and the member’s events (filter 4)', async () => {
    const calls = mount(leo, ana, ok({ GuestbookEntry: [] }));
    const status = await screen.findByTestId('profile-status');
    expect(within(status).getByText('Lisboa').tagName).toBe('STRONG');
    await screen.findByText('Sin actividad por ahora.');
    const events = calls.find((c) => c.path === api.feed.getEvents.path)!;
    expect(events.url.searchParams.get('filter')).toBe('4');
    expect(events.url.searchParams.get('userId')).toBe('9');
  });

  it('posts to the guestbook; a refusal from the server shows beside the form', async () => {
    let refuse = true;
    const calls = mount(leo, ana, () =>
      refuse
        ? { status: 403, body: { message: 'El perfil de leo es privado.', ApiForbiddenException: {} } }
        : {
            status: 200,
            body: { GuestbookEntry: [{ id: 2, profileId: 9, author: ana, message: 'otra vez' }] },
          },
    );
    await screen.findByText('hola leo');
    const field = screen.getByRole('textbox', { name: 'Escribe en el libro de visitas de leo' });
    fireEvent.change(field, { target: { value: 'otra vez' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publicar' }));
    expect((await screen.findByRole('alert')).textContent).toBe('El perfil de leo es privado.');
    expect((field as HTMLTextAreaElement).value).toBe('otra vez');

    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Publicar' }));
    await waitFor(() => expect((field as HTMLTextAreaElement).value).toBe(''));
    expect(screen.queryByRole('alert')).toBeNull();
    const sent = calls.filter((c) => c.path === api.user.postGuestbookComment.path).at(-1)!;
    expect(JSON.parse(sent.init.body as string)).toEqual({ profileId: 9, message: 'otra vez' });
  });

  it('on one’s own profile: no guestbook form, and an "update status" button', async () => {
    mount(leo, leo, ok({}));
    await screen.findByText('hola leo');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByRole('button', { name: 'Actualizar estado' })).toBeTruthy();
  });
});
