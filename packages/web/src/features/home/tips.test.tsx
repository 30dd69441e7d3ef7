// @vitest-environment jsdom
import { api } from '@tertulia/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderApp } from '../../testing/renderApp';
import { popups } from '../../ui/popup/popupStore';
import { notesFor, pendingTips, WHATS_NEW } from './tips';

const list = (key: string, items: unknown[]) => () => ({ status: 200, body: { [key]: items } });
const NOW = Date.UTC(2026, 11, 1);
/** The home's chunks load lazily: a busy machine takes longer than the default second. */
const SLOW = { timeout: 8000 };

function setup(user: object) {
  return fakeApi({
    [api.user.getSessionUser.path]: () => ({
      status: 200,
      body: { User: [{ uid: 9, id: 9, name: 'nuevo', locale: 'es', creationTime: NOW, ...user }] },
    }),
    [api.buddy.getBuddies.path]: list('User', [{ uid: 4, name: 'amiga' }]),
    [api.people.getRandomFriendRecommendations.path]: list('User', []),
    [api.people.dismissTip.path]: list('Boolean', [true]),
    [api.feed.getEvents.path]: list('FeedEvent', []),
  });
}

describe('tip rules', () => {
  it('no tip before the welcome steps are done; then each until dismissed', () => {
    expect(pendingTips([])).toEqual([]);
    expect(pendingTips(['welcome']).map((t) => t.id)).toEqual(['im-header', 'friends-header']);
    expect(pendingTips(['welcome', 'im-header']).map((t) => t.id)).toEqual(['friends-header']);
  });

  it('"new" notes only for members who joined before the feature came out', () => {
    const since = WHATS_NEW[0].since;
    expect(notesFor(since - 1).map((n) => n.id)).toContain(WHATS_NEW[0].id);
    expect(notesFor(since)).toEqual([]);
    expect(notesFor(undefined)).toEqual([]);
  });
});

describe('first-visit tips on the member home', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('shows one tip at a time; a click dismisses it on the server and the next follows', async () => {
    const calls = setup({ dismissedTips: ['welcome'] });
    renderApp('/html/index.jsp');
    const first = await screen.findByText(/Aquí tienes tus conversaciones/, {}, SLOW);
    expect(screen.queryByText(/Encuentra a tus amigos/)).toBeNull();
    fireEvent.click(first.closest('button')!);
    expect(await screen.findByText(/Encuentra a tus amigos/)).toBeTruthy();
    const dismissed = calls.filter((c) => c.path === api.people.dismissTip.path);
    expect(JSON.parse(dismissed[0].init.body as string)).toEqual({ tipId: 'im-header' });
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByText(/Encuentra a tus amigos/)).toBeNull());
    const all = calls.filter((c) => c.path === api.people.dismissTip.path);
    expect(JSON.parse(all[1].init.body as string)).toEqual({ tipId: 'friends-header' });
  });

  it('a member from before a feature sees its note once on this device', async () => {
    const joined = WHATS_NEW[0].since - 86_400_000;
    setup({ dismissedTips: ['welcome', 'im-header', 'friends-header'], creationTime: joined });
    renderApp('/html/index.jsp');
    const note = await screen.findByText(/Novedad: ahora puedes renombrar/, {}, SLOW);
    fireEvent.click(note);
    // The next note follows; once both are answered, nothing more.
    fireEvent.click(await screen.findByText(/Novedad: elige la letra/));
    await waitFor(() => expect(screen.queryByText(/Novedad/)).toBeNull());
    expect(popups.count({ id: 'new.groups', version: '1' })).toBe(1);
  });

  it('nothing for a member past every tip who joined after the notes', async () => {
    setup({ dismissedTips: ['welcome', 'im-header', 'friends-header'] });
    renderApp('/html/index.jsp');
    await screen.findByRole('heading', { name: 'Hola, nuevo' }, SLOW);
    await new Promise((r) => setTimeout(r, 50));
    expect(popups.getState()).toEqual([]);
  });
});
