// @vitest-environment jsdom
import { api } from '@tertulia/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pushDispatcher } from '../../api/dispatcher';
import { fakeApi, renderApp } from '../../testing/renderApp';

const ME = {
  uid: 7,
  id: 7,
  name: 'ana',
  email: 'ana@example.com',
  locale: 'es',
  imPermission: 0,
  messagePermission: 1,
};
const PREFS = {
  notifyMessages: true,
  notifyFriendRequests: true,
  notifyLikesComments: true,
  notifyChatInvites: true,
  sound: true,
  browserNotifications: true,
  onlineVisibility: 0,
};
const ok = (key: string, value: unknown) => () => ({ status: 200, body: { [key]: [value] } });
const bodyOf = (calls: ReturnType<typeof fakeApi>, path: string) =>
  calls.filter((c) => c.path === path).map((c) => JSON.parse(c.init.body as string));

function setup(routes: Parameters<typeof fakeApi>[0] = {}, me: object = ME) {
  const calls = fakeApi({
    [api.user.getSessionUser.path]: ok('User', me),
    [api.settings.getPreferences.path]: ok('Preferences', PREFS),
    [api.buddy.isPrivate.path]: ok('Boolean', false),
    [api.chat.getChatConfiguration.path]: ok('ChatConfiguration', { layoutStyle: 'cozy' }),
    [api.people.getBlockedUsers.path]: () => ({ status: 200, body: { User: [] } }),
    ...routes,
  });
  renderApp('/html/settings.jsp');
  return calls;
}

describe('settings page', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('has the account, language, notifications, privacy, blocked, appearance and security sections', async () => {
    setup();
    for (const name of [
      'Cuenta',
      'Idioma',
      'Notificaciones',
      'Privacidad',
      'Miembros bloqueados',
      'Apariencia',
    ])
      expect(await screen.findByRole('heading', { level: 2, name })).toBeTruthy();
    expect(screen.getByTestId('current-email').textContent).toBe('ana@example.com');
  });

  it('notifications: turning off likes and comments saves it on the server', async () => {
    const calls = setup({
      [api.settings.setPreferences.path]: ok('Preferences', { ...PREFS, notifyLikesComments: false }),
    });
    const box = (await screen.findByLabelText('Me gusta y comentarios')) as HTMLInputElement;
    expect(box.checked).toBe(true);
    fireEvent.click(box);
    await waitFor(() =>
      expect(bodyOf(calls, api.settings.setPreferences.path)).toEqual([{ notifyLikesComments: false }]),
    );
    expect(box.checked).toBe(false);
  });

  it('notifications: a refusal puts the old value back', async () => {
    setup({
      [api.settings.setPreferences.path]: () => ({
        status: 400,
        body: { message: 'No válido', ApiValidationException: { field: 'sound' } },
      }),
    });
    const box = (await screen.findByLabelText('Sonidos')) as HTMLInputElement;
    fireEvent.click(box);
    await waitFor(() => expect(box.checked).toBe(true));
  });

  it('privacy: who sees me online is saved; invisible is offered to VIP members only', async () => {
    const calls = setup({
      [api.settings.setPreferences.path]: ok('Preferences', { ...PREFS, onlineVisibility: 2 }),
    });
    const select = (await screen.findByLabelText('Quién me ve conectado')) as HTMLSelectElement;
    fireEvent.change(select, { target: { value: '2' } });
    await waitFor(() =>
      expect(bodyOf(calls, api.settings.setPreferences.path)).toEqual([{ onlineVisibility: 2 }]),
    );
    expect((screen.getByLabelText('Modo invisible') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('El modo invisible es una ventaja VIP.')).toBeTruthy();
    expect((screen.getByLabelText('Quién puede enviarme mensajes al buzón') as HTMLSelectElement).value).toBe(
      '1',
    );
  });

  it('privacy: who may chat with me goes through the profile', async () => {
    const calls = setup({ [api.people.updateProfile.path]: ok('User', { ...ME, imPermission: 1 }) });
    fireEvent.change(await screen.findByLabelText('Quién puede chatear conmigo'), { target: { value: '1' } });
    await waitFor(() => expect(bodyOf(calls, api.people.updateProfile.path)).toEqual([{ imPermission: 1 }]));
  });

  it('account: an email change asks for confirmation and keeps the current email', async () => {
    const calls = setup({ [api.settings.changeEmail.path]: ok('Boolean', true) });
    fireEvent.change(await screen.findByLabelText('Nuevo correo electrónico'), {
      target: { value: 'nueva@example.com' },
    });
    fireEvent.change(screen.getByLabelText('Tu contraseña'), { target: { value: 'secreta' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cambiar correo' }));
    expect(
      await screen.findByText(
        'Te enviamos un enlace a nueva@example.com. El cambio se aplica cuando lo abras.',
      ),
    ).toBeTruthy();
    expect(bodyOf(calls, api.settings.changeEmail.path)).toEqual([
      { email: 'nueva@example.com', password: 'secreta' },
    ]);
    expect(screen.getByTestId('current-email').textContent).toBe('ana@example.com');
  });

  it('account: a wrong password shows the server’s text beside the field', async () => {
    setup({
      [api.settings.changeEmail.path]: () => ({
        status: 400,
        body: { message: 'La contraseña no es correcta.', ApiValidationException: { field: 'password' } },
      }),
    });
    fireEvent.change(await screen.findByLabelText('Nuevo correo electrónico'), {
      target: { value: 'x@example.com' },
    });
    fireEvent.change(screen.getByLabelText('Tu contraseña'), { target: { value: 'mala' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cambiar correo' }));
    expect(await screen.findByText('La contraseña no es correcta.')).toBeTruthy();
  });

  it('appearance: the chat layout and the font are saved on the server', async () => {
    const calls = setup({
      [api.chat.setLayoutStyle.path]: ok('Boolean', true),
      [api.people.setFont.path]: ok('Boolean', true),
    });
    const section = (await screen.findByRole('heading', { name: 'Apariencia' })).closest('section')!;
    fireEvent.click(await within(section).findByLabelText('Compacta'));
    await waitFor(() => expect(bodyOf(calls, api.chat.setLayoutStyle.path)).toEqual([{ style: 'compact' }]));
    fireEvent.change(within(section).getByLabelText('Letra de tus mensajes'), {
      target: { value: 'Georgia' },
    });
    await waitFor(() => expect(bodyOf(calls, api.people.setFont.path)).toEqual([{ font: 'Georgia' }]));
  });

  it('the sound switch: on, an incoming IM plays the chime; off, it stays quiet', async () => {
    const played: string[] = [];
    vi.stubGlobal(
      'Audio',
      class {
        volume = 1;
        constructor(public src: string) {}
        play() {
          played.push(this.src);
          return Promise.resolve();
        }
      },
    );
    let sound = true;
    setup({
      [api.settings.getPreferences.path]: () => ({
        status: 200,
        body: { Preferences: [{ ...PREFS, sound }] },
      }),
      [api.settings.setPreferences.path]: (_url, init) => {
        sound = JSON.parse(init.body as string).sound;
        return { status: 200, body: { Preferences: [{ ...PREFS, sound }] } };
      },
    });
    const box = await screen.findByRole('checkbox', { name: 'Sonidos' });
    expect((box as HTMLInputElement).checked).toBe(true);
    const im = (id: number) =>
      pushDispatcher.dispatch({
        type: 'message',
        conversationId: id,
        ownerId: 5,
        conversationType: 1,
        message: { sender: { uid: 5, name: 'leo' }, content: 'hola' },
      });
    // jsdom keeps no record of gestures (navigator.userActivation): the chime is tried.
    im(1);
    // The chime: a WAV made in the page, played from an object URL.
    await waitFor(() => expect(played).toHaveLength(1));
    expect(played[0]).toMatch(/^blob:/);
    fireEvent.click(box);
    await waitFor(() => expect((box as HTMLInputElement).checked).toBe(false));
    await waitFor(() => expect(sound).toBe(false));
    im(2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(played).toHaveLength(1);
  });
});
