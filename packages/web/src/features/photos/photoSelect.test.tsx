// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { api, type Photo, type User } from '@tertulia/contract';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionKey } from '../../api/areas/user';
import { fakeApi } from '../../testing/renderApp';
import { AttachField } from './AttachField';
import PhotoSelectDialog from './PhotoSelectDialog';

const me: User = { uid: 7, name: 'dora' };
const photo = (uid: number, extra: Partial<Photo> = {}): Photo => ({
  uid,
  image1: `/media/img/${String(uid).padStart(32, '0')}.jpg`,
  origImage1: `/media/img/${String(uid).padStart(32, '0')}.jpg`,
  albumId: 3,
  ownerUser: me,
  ...extra,
});

function mount(element: ReactElement) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(sessionKey, me);
  const router = createMemoryRouter([{ path: '/', element }]);
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('the photo select dialog', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists the member’s photos but not backstage or quarantined ones, and hands back the spec’s fields', async () => {
    const calls = fakeApi({
      [api.album.getPhotoAlbums.path]: () => ({
        status: 200,
        body: { Album: [{ id: 3, name: 'Mis fotos', size: 3 }] },
      }),
      [api.album.getPhotos.path]: () => ({
        status: 200,
        body: { Photo: [photo(11), photo(12, { backstage: true }), photo(13, { quarantine: true })] },
      }),
    });
    const onPick = vi.fn();
    const close = vi.fn();
    const dialog = { close, minimize: vi.fn(), maximize: vi.fn(), minimized: false };
    mount(<PhotoSelectDialog dialog={dialog} onPick={onPick} />);
    const picker = await screen.findByTestId('photo-select');
    const tiles = await within(picker).findAllByTestId('photo-select-tile');
    expect(tiles).toHaveLength(1);
    fireEvent.click(tiles[0]);
    expect(onPick).toHaveBeenCalledWith({
      postId: 11,
      authorId: 7,
      albumId: 3,
      image: photo(11).image1,
      originalImage: photo(11).origImage1,
    });
    expect(close).toHaveBeenCalled();
    expect(calls.find((c) => c.path === api.album.getPhotos.path)!.url.searchParams.get('userId')).toBe('7');
  });

  it('says so when there is nothing to attach', async () => {
    fakeApi({
      [api.album.getPhotoAlbums.path]: () => ({ status: 200, body: { Album: [] } }),
      [api.album.getPhotos.path]: () => ({ status: 200, body: { Photo: [photo(12, { backstage: true })] } }),
    });
    const dialog = { close: vi.fn(), minimize: vi.fn(), maximize: vi.fn(), minimized: false };
    mount(<PhotoSelectDialog dialog={dialog} onPick={vi.fn()} />);
    await screen.findByText('Todavía no tienes fotos que adjuntar.');
    expect(screen.getByLabelText('Subir una foto')).toBeTruthy();
  });
});

describe('a composer’s attach field', () => {
  afterEach(cleanup);

  it('shows the attached photo with a way to view it and to take it off', () => {
    const onChange = vi.fn();
    const attached = { postId: 11, authorId: 7, albumId: 3, image: photo(11).image1!, originalImage: '' };
    mount(<AttachField value={attached} onChange={onChange} />);
    expect(screen.getByRole('button', { name: 'Ver la foto adjunta' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Quitar foto' }));
    expect(onChange).toHaveBeenCalledWith(undefined);
  });

  it('offers "Adjuntar foto" when nothing is attached', () => {
    mount(<AttachField value={undefined} onChange={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Adjuntar foto' })).toBeTruthy();
  });
});
