// @vitest-environment jsdom
import { api } from '@tertulia/contract';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderApp } from '../../testing/renderApp';

const anonymous = () => ({ status: 401, body: { message: '', ApiLoginRequiredException: {} } });

async function fillForm(name: string) {
  fireEvent.change(await screen.findByLabelText('Nombre de usuario'), { target: { value: name } });
  fireEvent.change(screen.getByLabelText('Contraseña'), { target: { value: 'secreta123' } });
  fireEvent.change(screen.getByLabelText('Correo electrónico'), { target: { value: 'ana@example.com' } });
  fireEvent.change(screen.getByLabelText('Día'), { target: { value: '9' } });
  fireEvent.change(screen.getByLabelText('Mes'), { target: { value: '3' } });
  fireEvent.change(screen.getByLabelText('Año'), { target: { value: '1995' } });
  fireEvent.click(screen.getByLabelText('Mujer'));
}

describe('sign-up page', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('when the name is taken, suggests free names from getAvailableUserNames and uses the one picked', async () => {
    const registered: Record<string, unknown>[] = [];
    const calls = fakeApi({
      [api.user.getSessionUser.path]: anonymous,
      [api.profile.register.path]: (_url, init) => {
        const body = JSON.parse(init.body as string);
        registered.push(body);
        return body.name === 'ana'
          ? {
              status: 409,
              body: { message: 'Ese nombre ya existe', ApiConflictException: { field: 'name' } },
            }
          : { status: 200, body: { User: [{ uid: 9, name: body.name }] } };
      },
      [api.profile.getAvailableUserNames.path]: () => ({
        status: 200,
        body: { String: ['ana1995', 'ana_9'] },
      }),
    });
    const { router } = renderApp('/html/signup.jsp');
    await fillForm('ana');
    fireEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));

    const suggestions = await screen.findByText('Estos nombres parecidos están libres:');
    const box = suggestions.parentElement!;
    await within(box).findByRole('button', { name: 'Usar ana1995' });
    const lookup = calls.find((c) => c.path === api.profile.getAvailableUserNames.path)!;
    expect(Object.fromEntries(lookup.url.searchParams)).toMatchObject({
      takenUserName: 'ana',
      birthdayYear: '1995',
      birthdayMonth: '3',
      birthdayDay: '9',
    });
    expect(screen.getByLabelText('Nombre de usuario').getAttribute('aria-invalid')).toBe('true');

    fireEvent.click(within(box).getByRole('button', { name: 'Usar ana1995' }));
    expect((screen.getByLabelText('Nombre de usuario') as HTMLInputElement).value).toBe('ana1995');
    fireEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/html/index.jsp'));
    expect(registered.at(-1)).toMatchObject({
      name: 'ana1995',
      email: 'ana@example.com',
      gender: 'f',
      birthdayYear: 1995,
      birthdayMonth: 3,
      birthdayDay: 9,
      locale: 'es',
    });
  });

  it('other errors are shown, with no suggestions', async () => {
    const calls = fakeApi({
      [api.user.getSessionUser.path]: anonymous,
      [api.profile.register.path]: () => ({
        status: 429,
        body: { message: 'Demasiados intentos', ApiRateLimitException: {} },
      }),
    });
    renderApp('/html/signup.jsp');
    await fillForm('bea');
    fireEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    expect((await within(await screen.findByRole('main')).findByRole('alert')).textContent).toBe(
      'Demasiados intentos',
    );
    expect(calls.some((c) => c.path === api.profile.getAvailableUserNames.path)).toBe(false);
  });
});
