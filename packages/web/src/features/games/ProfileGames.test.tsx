// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { api, type UserGameEntry } from '@tertulia/contract';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/query';
import { fakeApi } from '../../testing/renderApp';
import ProfileGames from './ProfileGames';

const PRESENCE =
  '<p>Nivel <b>7</b></p><a href="/games?gid=5&amp;source=profile_presence&amp;gameParams=lvl%3D7">Jugar</a>';

function renderGames(players: UserGameEntry[]) {
  const router = createMemoryRouter([{ path: '/', element: <ProfileGames players={players} userId={42} /> }]);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('a member’s games on their profile', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('draws an external game’s presence HTML in a frame with no scripts and no same-origin access', async () => {
    const calls = fakeApi({
      [api.game.getPresenceHtml.path]: () => ({ status: 200, body: { String: [PRESENCE] } }),
    });
    renderGames([
      { gameId: 5, name: 'Estudio', hasPresenceHtml: true, gameStatus: 'Nivel 7' },
      { gameId: 1, name: 'Toca rápido' },
    ]);
    const frame = (await screen.findByTitle('Qué hace en Estudio')) as HTMLIFrameElement;
    // Exactly one permission: a click may open the game route in the page; nothing runs.
    expect(frame.getAttribute('sandbox')).toBe('allow-top-navigation-by-user-activation');
    const doc = frame.getAttribute('srcdoc') ?? '';
    expect(doc).toContain(PRESENCE);
    expect(doc).toContain('<base target="_top">');
    expect(doc).not.toMatch(/<script/i);
    // Only the game with a presence address is asked, for this member and game.
    const asked = calls.filter((c) => c.path === api.game.getPresenceHtml.path);
    expect(asked).toHaveLength(1);
    expect(Object.fromEntries(asked[0].url.searchParams)).toMatchObject({ userId: '42', gameId: '5' });
    expect(screen.getAllByTestId('game-presence')).toHaveLength(1);
  });

  it('draws nothing when the game answers no HTML', async () => {
    const calls = fakeApi({
      [api.game.getPresenceHtml.path]: () => ({ status: 200, body: { String: [''] } }),
    });
    renderGames([{ gameId: 5, name: 'Estudio', hasPresenceHtml: true }]);
    await waitFor(() => expect(calls.some((c) => c.path === api.game.getPresenceHtml.path)).toBe(true));
    await new Promise((settled) => setTimeout(settled, 50));
    expect(screen.queryByTitle('Qué hace en Estudio')).toBeNull();
    expect(screen.getByText('Estudio')).toBeTruthy();
  });
});
