// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { api, type Photo, type User } from '@tertulia/contract';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionKey } from '../../api/areas/user';
import { fakeApi } from '../../testing/renderApp';
import { PATHS } from '../../ui/paths';
import { Component as AlbumsRoute } from './albumsRoute';

const me: User = { uid: 7, name: 'dora' };
const ana: User = { uid: 9, name: 'ana' };
const photo = (uid: number, owner: User, message: string): Photo => ({
  uid,
  image1: `/media/img/${String(uid).padStart(32, '0')}.jpg`,
  ownerUser: owner,
  message,
});

function mount(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(sessionKey, me);
  const router = createMemoryRouter([{ path: '/html/album/photoalbums.jsp', element: <AlbumsRoute /> }], {
    initialEntries: [path],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

function serve(favorites: Photo[]) {
  return fakeApi({
    [api.people.getUserById.path]: (url) => ({
      status: 200,
      body: { User: [url.searchParams.get('userId') === '9' ? ana : me] },
    }),
    [api.album.getPhotoAlbums.path]: () => ({
      status: 200,
      body: { Album: [{ id: 3, name: 'Verano', size: 2 }] },
    }),
    [api.album.getPhotos.path]: () => ({ status: 200, body: { Photo: [photo(50, ana, 'Propia')] } }),
    [api.album.getPhotoFavorites.path]: () => ({ status: 200, body: { Photo: favorites } }),
  });
}

/** The liked-photos tab of a member's albums page (album/getPhotoFavorites.do). */
describe('the liked photos page', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the photos a member liked, each opening its own photo page, with the tab marked', async () => {
    const calls = serve([photo(11, me, 'Playa'), photo(12, { uid: 4, name: 'luz' }, 'Montaña')]);
    mount(PATHS.photoFavorites(9));
    const tiles = await screen.findAllByTestId('photo-tile');
    expect(tiles.map((t) => t.getAttribute('aria-label'))).toEqual(['Playa', 'Montaña']);
    // Each liked photo links to its page under its own owner, not the liker.
    expect(tiles[0].getAttribute('href')).toBe(PATHS.photo(11, 7));
    expect(tiles[1].getAttribute('href')).toBe(PATHS.photo(12, 4));
    const tab = screen.getByTestId('album-liked');
    expect(tab.getAttribute('aria-current')).toBe('page');
    expect(within(tab).getByText('Le gustan')).toBeTruthy();
    const asked = calls.find((c) => c.path === api.album.getPhotoFavorites.path)!;
    expect(asked.url.searchParams.get('ownerId')).toBe('9');
    // The album's own photos are not asked for on this tab.
    expect(calls.some((c) => c.path === api.album.getPhotos.path)).toBe(false);
  });

  it('says so when there is nothing liked to show; one’s own tab says "Te gustan"', async () => {
    serve([]);
    mount(PATHS.photoFavorites(7));
    await screen.findByText('Todavía no hay fotos con «me gusta» que mostrar.');
    expect(within(screen.getByTestId('album-liked')).getByText('Te gustan')).toBeTruthy();
    expect(screen.queryAllByTestId('photo-tile')).toHaveLength(0);
  });
});
