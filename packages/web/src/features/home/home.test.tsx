// @vitest-environment jsdom
import { api } from '@tertulia/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderApp } from '../../testing/renderApp';

const anonymous = () => ({
  status: 401,
  body: { message: 'Inicia sesión para continuar', ApiLoginRequiredException: {} },
});

describe('home page', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('with pagestatusmsg=error.mustBeLoggedIn says "Inicia sesión para continuar" above the login form', async () => {
    fakeApi({ [api.user.getSessionUser.path]: anonymous });
    renderApp('/html/index.jsp?pagestatusmsg=error.mustBeLoggedIn');
    const alert = await within(await screen.findByRole('main')).findByRole('alert');
    expect(alert.textContent).toBe('Inicia sesión para continuar');
    expect(screen.getByRole('form', { name: 'Iniciar sesión' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Nombre de usuario'));
  });

  it('without the status shows the login form and no alert', async () => {
    fakeApi({ [api.user.getSessionUser.path]: anonymous });
    renderApp('/html/index.jsp');
    await screen.findByRole('form', { name: 'Iniciar sesión' });
    expect(within(screen.getByRole('main')).queryByRole('alert')).toBeNull();
  });

  it('while the next page loads, a bar says "Cargando…"; it goes once the page shows', async () => {
    fakeApi({ [api.user.getSessionUser.path]: anonymous });
    renderApp('/html/index.jsp');
    await screen.findByRole('form', { name: 'Iniciar sesión' });
    expect(screen.queryByRole('progressbar')).toBeNull();
    fireEvent.click(within(screen.getByRole('main')).getAllByRole('link', { name: 'Crear cuenta' })[0]);
    expect(screen.getByRole('progressbar', { name: 'Cargando…' })).toBeTruthy();
    await screen.findByRole('heading', { level: 1, name: 'Crear cuenta' });
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('logging in posts name and password and shows the member home', async () => {
    let loggedIn = false;
    const calls = fakeApi({
      [api.user.getSessionUser.path]: () =>
        loggedIn ? { status: 200, body: { User: [{ uid: 5, name: 'ana' }] } } : anonymous(),
      [api.profile.login.path]: () => {
        loggedIn = true;
        return { status: 200, body: { User: [{ uid: 5, name: 'ana', locale: 'es' }] } };
      },
    });
    renderApp('/html/index.jsp');
    fireEvent.change(await screen.findByLabelText('Nombre de usuario'), { target: { value: 'ana' } });
    fireEvent.change(screen.getByLabelText('Contraseña'), { target: { value: 'secreta' } });
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByRole('heading', { name: 'Hola, ana' })).toBeTruthy();
    const login = calls.find((c) => c.path === api.profile.login.path)!;
    expect(login.init.method).toBe('POST');
    expect(JSON.parse(login.init.body as string)).toMatchObject({
      name: 'ana',
      password: 'secreta',
      locale: 'es',
    });
  });

  it('a failed login shows the server message in the form', async () => {
    fakeApi({
      [api.user.getSessionUser.path]: anonymous,
      [api.profile.login.path]: () => ({
        status: 401,
        body: { message: 'Nombre o contraseña incorrectos', ApiLoginRequiredException: {} },
      }),
    });
    renderApp('/html/index.jsp');
    fireEvent.change(await screen.findByLabelText('Nombre de usuario'), { target: { value: 'ana' } });
    fireEvent.change(screen.getByLabelText('Contraseña'), { target: { value: 'mala' } });
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() =>
      expect(within(screen.getByRole('main')).getByRole('alert').textContent).toBe(
        'Nombre o contraseña incorrectos',
      ),
    );
  });

  it('unknown paths get the not-found page', async () => {
    fakeApi({ [api.user.getSessionUser.path]: anonymous });
    renderApp('/html/no-existe.jsp');
    expect(await screen.findByRole('heading', { name: 'Página no encontrada' })).toBeTruthy();
  });
});

describe('members-only pages', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('send visitors home with "Inicia sesión para continuar", and back after login', async () => {
    const { RequireLogin } = await import('../../ui/RequireLogin');
    const { Shell } = await import('../../app/Shell');
    const { pageRoutes } = await import('../../app/router');
    const { createMemoryRouter, RouterProvider } = await import('react-router');
    const { QueryClientProvider } = await import('@tanstack/react-query');
    const { createQueryClient } = await import('../../api/query');
    const { render } = await import('@testing-library/react');
    let loggedIn = false;
    fakeApi({
      [api.user.getSessionUser.path]: () =>
        loggedIn ? { status: 200, body: { User: [{ uid: 5, name: 'ana' }] } } : anonymous(),
      [api.profile.login.path]: () => {
        loggedIn = true;
        return { status: 200, body: { User: [{ uid: 5, name: 'ana' }] } };
      },
    });
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: <Shell />,
          children: [
            {
              path: 'offline/offline-compose.jsp',
              element: <RequireLogin>{<h1>{'compose'}</h1>}</RequireLogin>,
            },
            ...pageRoutes,
          ],
        },
      ],
      { initialEntries: ['/offline/offline-compose.jsp?destid=9'] },
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect((await within(await screen.findByRole('main')).findByRole('alert')).textContent).toBe(
      'Inicia sesión para continuar',
    );
    expect(router.state.location.pathname).toBe('/html/index.jsp');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe(
      '/offline/offline-compose.jsp?destid=9',
    );
    fireEvent.change(screen.getByLabelText('Nombre de usuario'), { target: { value: 'ana' } });
    fireEvent.change(screen.getByLabelText('Contraseña'), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    await screen.findByRole('heading', { name: 'compose' });
    expect(router.state.location.search).toBe('?destid=9');
  });
});
