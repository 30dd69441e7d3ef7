// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { api, type EphemeralItem } from '@tertulia/contract';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/query';
import { es } from '../../i18n/es';
import { fakeApi } from '../../testing/renderApp';
import { EphemeralTile } from './EphemeralTile';
import ViewerDialog from './ViewerDialog';

const ref = { postId: 7, authorId: 3 };
const item = (extra: Partial<EphemeralItem> = {}): EphemeralItem => ({
  ...ref,
  kind: 'photo',
  state: 'ready',
  expiration: 10,
  views: {},
  remaining: 10,
  placeholder: false,
  image1: '/media/img/abc.jpg?w=300&crop=1&blur=50',
  ...extra,
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const wrap = (node: React.ReactNode) =>
  render(<QueryClientProvider client={createQueryClient()}>{node}</QueryClientProvider>);

describe('the view-once viewer', () => {
  it('counts down, hides the media when the page loses focus, and opens again on return', async () => {
    let opens = 0;
    const calls = fakeApi({
      [api.ephemeral.openEphemeral.path]: () => {
        opens++;
        return {
          status: 200,
          body: { EphemeralItem: [item({ origImage1: `/media/ephemeral/link${opens}` })] },
        };
      },
      [api.ephemeral.updateEphemeralPhoto.path]: () => ({
        status: 200,
        body: { EphemeralItem: [item({ remaining: 9 })] },
      }),
    });
    let focused = true;
    vi.spyOn(document, 'hasFocus').mockImplementation(() => focused);
    wrap(
      <ViewerDialog
        item={ref}
        dialog={{ close: vi.fn(), minimize: () => {}, maximize: () => {}, minimized: false }}
      />,
    );
    const img = await screen.findByRole('img', { name: es['ephemeral.tile.photo'] });
    expect(img.getAttribute('src')).toBe('/media/ephemeral/link1');
    expect(screen.getByRole('timer').textContent).toBe('Quedan 10 s');
    // No context menu on the stage.
    expect(fireEvent.contextMenu(screen.getByTestId('ephemeral-viewer'))).toBe(false);
    expect(fireEvent.dragStart(img)).toBe(false);

    focused = false;
    act(() => void window.dispatchEvent(new Event('blur')));
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText(es['ephemeral.viewer.paused'])).toBeTruthy();
    expect(calls.some((c) => c.path === api.ephemeral.updateEphemeralPhoto.path)).toBe(true);

    focused = true;
    act(() => void window.dispatchEvent(new Event('focus')));
    const again = await screen.findByRole('img', { name: es['ephemeral.tile.photo'] });
    expect(again.getAttribute('src')).toBe('/media/ephemeral/link2');
  });

  it('shows the server’s refusal when the time is spent', async () => {
    fakeApi({
      [api.ephemeral.openEphemeral.path]: () => ({
        status: 410,
        body: { message: 'Ya viste esta foto o video: solo se puede ver una vez.', ApiGoneException: {} },
      }),
    });
    wrap(
      <ViewerDialog
        item={ref}
        dialog={{ close: vi.fn(), minimize: () => {}, maximize: () => {}, minimized: false }}
      />,
    );
    expect((await screen.findByTestId('ephemeral-error')).textContent).toBe(
      'Ya viste esta foto o video: solo se puede ver una vez.',
    );
    expect(screen.queryByRole('img')).toBeNull();
  });
});

describe('the view-once tile', () => {
  it('asks for a failed thumbnail again after 1 second', async () => {
    fakeApi({
      [api.ephemeral.getEphemeral.path]: () => ({ status: 200, body: { EphemeralItem: [item()] } }),
    });
    wrap(<EphemeralTile value="photo:7:3:10" />);
    const thumb = await screen.findByTestId('ephemeral-thumb');
    expect(screen.getByTestId('ephemeral-status').textContent).toBe('Toca para ver · 10 s');
    vi.useFakeTimers();
    fireEvent.error(thumb);
    expect(screen.queryByTestId('ephemeral-thumb')).toBeNull();
    act(() => void vi.advanceTimersByTime(999));
    expect(screen.queryByTestId('ephemeral-thumb')).toBeNull();
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.getByTestId('ephemeral-thumb').getAttribute('src')).toBe(`${item().image1}&try=1`);
  });

  it('shows viewed when the member’s time is spent, and cannot be opened', async () => {
    fakeApi({
      [api.ephemeral.getEphemeral.path]: () => ({
        status: 200,
        body: { EphemeralItem: [item({ remaining: 0 })] },
      }),
    });
    wrap(<EphemeralTile value="photo:7:3:10" />);
    await screen.findByText(es['ephemeral.tile.viewed']);
    const tile = screen.getByTestId('ephemeral-tile');
    expect(tile.getAttribute('data-state')).toBe('viewed');
    expect((tile as HTMLButtonElement).disabled).toBe(true);
  });
});
