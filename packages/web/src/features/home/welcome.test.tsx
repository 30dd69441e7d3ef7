// @vitest-environment jsdom
import { api } from '@tertulia/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderApp } from '../../testing/renderApp';

const me = (extra: object = {}) => ({
  uid: 9,
  id: 9,
  name: 'nuevo',
  locale: 'es',
  dismissedTips: [],
  ...extra,
});
const list = (key: string, items: unknown[]) => () => ({ status: 200, body: { [key]: items } });

function setup(user: object, friends: unknown[] = []) {
  return fakeApi({
    [api.user.getSessionUser.path]: () => ({ status: 200, body: { User: [user] } }),
    [api.buddy.getBuddies.path]: list('User', friends),
    [api.people.getRandomFriendRecommendations.path]: list('User', [{ uid: 3, name: 'lucia', gender: 'f' }]),
    [api.people.dismissTip.path]: list('Boolean', [true]),
    [api.people.updateProfile.path]: list('User', [{ ...user, about: 'Me gusta el cine' }]),
    [api.feed.getEvents.path]: list('FeedEvent', []),
  });
}

describe('member home for a new member', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('walks the welcome steps, saves what they like, and remembers the end on the server', async () => {
    const calls = setup(me());
    renderApp('/html/index.jsp');
    expect(
      await screen.findByRole(
        'heading',
        { name: '¡Te damos la bienvenida a Tertulia, nuevo!' },
        // The home and welcome chunks load lazily: slower than a second on a busy machine.
        { timeout: 8000 },
      ),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Añade una foto de perfil' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    fireEvent.change(screen.getByLabelText('Sobre mí'), { target: { value: 'Me gusta el cine' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar y seguir' }));
    expect(await screen.findByRole('heading', { name: 'Encuentra gente' })).toBeTruthy();
    const saved = calls.filter((c) => c.path === api.people.updateProfile.path);
    expect(JSON.parse(saved[0].init.body as string)).toEqual({ about: 'Me gusta el cine' });
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(screen.getByRole('link', { name: 'Ver salas de chat' }).getAttribute('href')).toBe('/chat/');
    fireEvent.click(screen.getByRole('button', { name: 'Terminar' }));
    await waitFor(() => expect(screen.queryByTestId('welcome')).toBeNull());
    const dismissed = calls.filter((c) => c.path === api.people.dismissTip.path);
    expect(JSON.parse(dismissed[0].init.body as string)).toEqual({ tipId: 'welcome' });
  });

  it('greets in the member’s gender', async () => {
    setup(me({ gender: 'f' }));
    renderApp('/html/index.jsp');
    expect(
      await screen.findByRole('heading', { name: '¡Bienvenida a Tertulia, nuevo!' }, { timeout: 8000 }),
    ).toBeTruthy();
    cleanup();
    setup(me({ gender: 'm' }));
    renderApp('/html/index.jsp');
    expect(await screen.findByRole('heading', { name: '¡Bienvenido a Tertulia, nuevo!' })).toBeTruthy();
  });

  it('skipping ends it at once', async () => {
    const calls = setup(me());
    renderApp('/html/index.jsp');
    fireEvent.click(await screen.findByRole('button', { name: 'Saltar' }));
    await waitFor(() => expect(screen.queryByTestId('welcome')).toBeNull());
    expect(calls.some((c) => c.path === api.people.dismissTip.path)).toBe(true);
  });

  it('does not show again once dismissed; suggests people while the friend list is empty', async () => {
    setup(me({ dismissedTips: ['welcome'] }));
    renderApp('/html/index.jsp');
    expect(await screen.findByRole('heading', { name: 'Gente que quizá te guste' })).toBeTruthy();
    expect(screen.getByText('lucia')).toBeTruthy();
    expect(screen.queryByTestId('welcome')).toBeNull();
  });

  it('suggests nobody once the member has a friend', async () => {
    setup(me({ dismissedTips: ['welcome'] }), [{ uid: 4, name: 'amiga' }]);
    renderApp('/html/index.jsp');
    await screen.findByRole('heading', { name: 'Hola, nuevo' });
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByTestId('suggestions')).toBeNull();
  });
});
