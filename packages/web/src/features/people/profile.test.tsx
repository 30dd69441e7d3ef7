// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { api, type User } from '@tertulia/contract';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionKey } from '../../api/areas/user';
import { createQueryClient } from '../../api/query';
import { fakeApi, renderApp } from '../../testing/renderApp';
import ProfileCard from './ProfileCard';

const ana: User = { uid: 10_001, name: 'ana', firstName: 'Ana' };
const leo: User = {
  uid: 10_050,
  name: 'leo',
  firstName: 'Leo',
  lastName: 'Márquez',
  age: 31,
  gender: 'm',
  from: 'Valencia, España',
  about: '<b>hola</b> **mundo**',
  lookingFor: 2,
  relationshipStatus: 1,
  sexualOrientation: 1,
  education: 5,
  ethnicity: 4,
  children: 3,
  onlineSource: 'Web',
  star: 2,
  canInitiateIM: true,
  isFriend: false,
};

const ok = (body: unknown) => () => ({ status: 200, body });

function server(viewer: User, target: User | null) {
  return fakeApi({
    [api.user.getSessionUser.path]: ok({ User: [viewer] }),
    [api.people.getUserById.path]: (url) =>
      target && Number(url.searchParams.get('userId')) === target.uid
        ? { status: 200, body: { User: [target] } }
        : { status: 404, body: { message: 'No existe', ApiNotFoundException: {} } },
    [api.people.updateProfileVisit.path]: ok({ Boolean: [true] }),
  });
}

describe('profile page', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows another member's profile in words, about as rich text (never HTML), and records one visit", async () => {
    const calls = server(ana, leo);
    renderApp('/html/profile-view.jsp?user=10050');
    const main = await screen.findByRole('main');
    await within(main).findByRole('heading', { level: 1, name: /Leo Márquez/ });
    for (const text of [
      '@leo',
      '31 años · Hombre · Valencia, España',
      'En línea · Web',
      'Una relación seria',
      'Soltero/a',
      'Heterosexual',
      'Posgrado',
      'Latino/a o hispano/a',
      'Todavía no lo sé',
    ])
      expect(within(main).getByText(text)).toBeTruthy();
    expect(within(main).getByText('VIP')).toBeTruthy();
    const about = within(main).getByText(/hola/).closest('p')!;
    expect(about.querySelector('b')).toBeNull();
    expect(about.textContent).toBe('<b>hola</b> mundo');
    expect(about.querySelector('strong')?.textContent).toBe('mundo');
    for (const name of ['Enviar mensaje', 'Bloquear', 'Denunciar'])
      expect(within(main).getByRole('button', { name })).toBeTruthy();
    expect(within(main).queryByRole('button', { name: 'Expulsar de Tertulia' })).toBeNull();
    expect(within(main).queryByRole('button', { name: 'Editar perfil' })).toBeNull();
    await vi.waitFor(() =>
      expect(calls.filter((c) => c.path === api.people.updateProfileVisit.path)).toHaveLength(1),
    );
    const visit = calls.find((c) => c.path === api.people.updateProfileVisit.path)!;
    expect(visit.url.searchParams.get('profileOwnerId')).toBe('10050');
  });

  it('shows views, points, creds and tier in words, the song and the admin marks', async () => {
    server(ana, {
      ...leo,
      viewCount: 460,
      chatPoints: 4,
      lovePoints: 0,
      creds: 50,
      tier: 1,
      song: 'Bésame mucho',
      isFeaturedArtist: true,
      isFlagged: true,
    });
    renderApp('/html/profile-view.jsp?user=10050');
    const main = await screen.findByRole('main');
    await within(main).findByRole('heading', { level: 1, name: /Leo Márquez/ });
    const stats = within(main).getByTestId('profile-stats');
    expect([...stats.querySelectorAll('div')].map((d) => d.textContent)).toEqual([
      'Visitas al perfil460',
      'Puntos de chat4',
      'Créditos50',
      'NivelHabitual',
    ]);
    expect(within(main).getByText('Bésame mucho')).toBeTruthy();
    expect(within(main).getByText('Artista destacado')).toBeTruthy();
    expect(within(main).getByText('Este perfil está marcado por el equipo de moderación.')).toBeTruthy();
  });

  it('no message button without canInitiateIM; admins get the ban', async () => {
    server({ ...ana, isAdmin: true }, { ...leo, canInitiateIM: false, isBlocked: true });
    renderApp('/html/profile-view.jsp?user=10050');
    const main = await screen.findByRole('main');
    await within(main).findByRole('heading', { level: 1, name: /Leo Márquez/ });
    expect(within(main).queryByRole('button', { name: 'Enviar mensaje' })).toBeNull();
    expect(within(main).getByRole('button', { name: 'Desbloquear' })).toBeTruthy();
    expect(within(main).getByRole('button', { name: 'Expulsar de Tertulia' })).toBeTruthy();
    expect(within(main).getByText('Has bloqueado a este miembro.')).toBeTruthy();
  });

  it('admins flag a profile and feature an artist from it; the page shows the answer', async () => {
    let shown: User = { ...leo };
    const calls = fakeApi({
      [api.user.getSessionUser.path]: ok({ User: [{ ...ana, isAdmin: true }] }),
      [api.people.getUserById.path]: () => ({ status: 200, body: { User: [shown] } }),
      [api.people.updateProfileVisit.path]: ok({ Boolean: [true] }),
      [api.people.setMemberFlags.path]: (_url, init) => {
        const body = new URLSearchParams(String(init.body ?? ''));
        const json = (() => {
          try {
            return JSON.parse(String(init.body)) as Record<string, unknown>;
          } catch {
            return Object.fromEntries(body);
          }
        })();
        if (json.flagged !== undefined) shown = { ...shown, isFlagged: String(json.flagged) === 'true' };
        if (json.featuredArtist !== undefined)
          shown = { ...shown, isFeaturedArtist: String(json.featuredArtist) === 'true' };
        return { status: 200, body: { User: [shown] } };
      },
    });
    renderApp('/html/profile-view.jsp?user=10050');
    const main = await screen.findByRole('main');
    await within(main).findByRole('heading', { level: 1, name: /Leo Márquez/ });
    fireEvent.click(within(main).getByRole('button', { name: 'Marcar el perfil' }));
    await within(main).findByText('Este perfil está marcado por el equipo de moderación.');
    expect(within(main).getByRole('button', { name: 'Quitar la marca' })).toBeTruthy();
    fireEvent.click(within(main).getByRole('button', { name: 'Destacar como artista' }));
    await within(main).findByText('Artista destacado');
    expect(calls.filter((c) => c.path === api.people.setMemberFlags.path)).toHaveLength(2);
  });

  it('own profile: edit and upload, no safety actions, no visit recorded; presence is the chosen status', async () => {
    const me = { ...leo, uid: ana.uid, name: 'ana', onlineStatus: 'busy', isAdmin: true };
    const calls = server(me, me);
    renderApp('/html/profile-view.jsp');
    const main = await screen.findByRole('main');
    await within(main).findByRole('heading', { level: 1 });
    expect(within(main).getByRole('button', { name: 'Editar perfil' })).toBeTruthy();
    expect(within(main).getByLabelText('Cambiar foto')).toBeTruthy();
    expect(within(main).getByLabelText('Cambiar fondo')).toBeTruthy();
    expect(within(main).getByText('Ocupado')).toBeTruthy();
    for (const name of ['Enviar mensaje', 'Bloquear', 'Denunciar', 'Expulsar de Tertulia'])
      expect(within(main).queryByRole('button', { name })).toBeNull();
    expect(calls.some((c) => c.path === api.people.updateProfileVisit.path)).toBe(false);
  });

  it('a member one may not see reads as unavailable', async () => {
    server(ana, null);
    renderApp('/html/profile-view.jsp?user=10099');
    expect(await screen.findByText('Este perfil no existe o no está disponible para ti.')).toBeTruthy();
  });
});

function renderCard(viewer: User | null, target: User, path = '/html/search.jsp') {
  fakeApi({ [api.people.getUserById.path]: ok({ User: [target] }) });
  const queryClient = createQueryClient();
  queryClient.setQueryData(sessionKey, viewer);
  const router = createMemoryRouter([{ path: '*', element: <ProfileCard user={target} /> }], {
    initialEntries: [path],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return screen.getByTestId('profile-card');
}

describe('hover card content', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('members see first names, the 220 px photo, and the message form when IM is granted', () => {
    const card = renderCard(ana, { ...leo, image1: '/media/img/leo.jpg' });
    expect(within(card).getByRole('link', { name: 'Leo' })).toBeTruthy();
    expect(card.querySelector('img')?.getAttribute('src')).toBe('/media/img/leo.jpg?w=220&q=75');
    expect(within(card).getByLabelText('Mensaje para Leo')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Expulsar de Tertulia' })).toBeNull();
  });

  it('no form for oneself, nor when the target does not grant IM', () => {
    let card = renderCard(ana, { ...leo, uid: ana.uid });
    expect(within(card).queryByRole('textbox')).toBeNull();
    cleanup();
    card = renderCard(ana, { ...leo, canInitiateIM: false });
    expect(within(card).queryByRole('textbox')).toBeNull();
  });

  it("in the chat pages the server's private-message answer decides", () => {
    let card = renderCard(ana, { ...leo, canInitiateIM: false, canInitiatePM: true }, '/chat/room/3');
    expect(within(card).getByRole('textbox')).toBeTruthy();
    cleanup();
    card = renderCard(ana, { ...leo, canInitiateIM: true, canInitiatePM: false }, '/chat/room/3');
    expect(within(card).queryByRole('textbox')).toBeNull();
  });

  it('staff accounts (ids below 2000) offer the profile dialog instead of the form', () => {
    const card = renderCard(ana, { ...leo, uid: 1500 });
    expect(within(card).queryByRole('textbox')).toBeNull();
    expect(within(card).getByRole('button', { name: 'Ver perfil' })).toBeTruthy();
  });

  it('staff viewers (ids up to 1100) see real names; admins get the admin tools on others only', () => {
    let card = renderCard({ uid: 900, name: 'equipo', isAdmin: true }, leo);
    expect(within(card).getByRole('link', { name: 'Leo Márquez' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Expulsar de Tertulia' })).toBeTruthy();
    cleanup();
    card = renderCard({ uid: 900, name: 'equipo', isAdmin: true }, { ...leo, uid: 900 });
    expect(within(card).queryByRole('button', { name: 'Expulsar de Tertulia' })).toBeNull();
  });

  it('no add-friend button while the buddies feature has not registered one', () => {
    const card = renderCard(ana, leo);
    expect(within(card).queryByRole('button', { name: /amig/i })).toBeNull();
  });
});

// Last in the file: the viewer stays open in the shared dialog store (and makes the page inert).
describe('profile photo', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('the photo opens at full size in a viewer dialog', async () => {
    server(ana, { ...leo, image1: '/media/img/leo.jpg' });
    renderApp('/html/profile-view.jsp?user=10050');
    fireEvent.click(await screen.findByRole('button', { name: 'Ver la foto de leo' }));
    const viewer = await screen.findByRole('dialog', { name: 'Foto de leo' });
    expect(within(viewer).getByRole('img', { name: 'Foto de leo' }).getAttribute('src')).toBe(
      '/media/img/leo.jpg',
    );
  });
});
