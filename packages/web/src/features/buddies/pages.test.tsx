// @vitest-environment jsdom
import { api, type FriendRequest, type User } from '@tertulia/contract';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderApp } from '../../testing/renderApp';
import { sheets } from '../../ui/sheet/sheetStore';
import { toast } from '../../ui/toast/toastStore';

const me: User = { uid: 10_001, name: 'ana' };
const leo: User = { uid: 10_050, name: 'leo', isFriend: true, onlineSource: 'Web', buddyPosition: 1 };
const mar: User = { uid: 10_060, name: 'mar', isFriend: true };
const ok = (body: unknown) => () => ({ status: 200, body });
const shownToasts = () => [toast.getState().current, ...toast.getState().queue].filter(Boolean);
const body = (init: RequestInit) => JSON.parse(init.body as string);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toast.clear();
});

describe('friends page', () => {
  function server(extra: Parameters<typeof fakeApi>[0] = {}) {
    return fakeApi({
      [api.user.getSessionUser.path]: ok({ User: [me] }),
      [api.buddy.getBuddySort.path]: ok({ String: ['DEFAULT'] }),
      [api.buddy.getBuddiesSorted.path]: ok({ User: [leo, mar] }),
      [api.buddy.getBuddies.path]: ok({ User: [leo, mar] }),
      [api.buddy.isPrivate.path]: ok({ Boolean: [false] }),
      [api.buddy.getFriendshipRequestCount.path]: ok({ Integer: [2] }),
      [api.buddy.setBuddySort.path]: ok({ Boolean: [true] }),
      [api.buddy.setBuddyPosition.path]: ok({ Boolean: [true] }),
      [api.buddy.setPrivate.path]: ok({ Boolean: [true] }),
      ...extra,
    });
  }

  it('lists friends in the remembered order with positions; a new sort is remembered', async () => {
    const calls = server();
    renderApp('/html/buddies.jsp');
    const main = await screen.findByRole('main');
    await within(main).findByRole('heading', { level: 1, name: 'Amigos' });
    const rows = await within(main).findAllByTestId('friend');
    expect(rows.map((row) => within(row).getAllByRole('link')[1].textContent)).toEqual(['leo', 'mar']);
    expect(within(rows[0]).getByText('Posición 1')).toBeTruthy();
    expect(within(main).getByRole('link', { name: 'Solicitudes (2)' }).getAttribute('href')).toBe(
      '/html/buddies-requests.jsp',
    );
    const select = within(main).getByLabelText('Ordenar por') as HTMLSelectElement;
    expect(select.value).toBe('DEFAULT');
    expect([...select.options].map((o) => o.textContent)).toHaveLength(5);

    fireEvent.change(select, { target: { value: 'ALPHABETICAL' } });
    await vi.waitFor(() => expect(calls.some((c) => c.path === api.buddy.setBuddySort.path)).toBe(true));
    expect(body(calls.find((c) => c.path === api.buddy.setBuddySort.path)!.init)).toEqual({
      sort: 'ALPHABETICAL',
    });
    await vi.waitFor(() =>
      expect(
        calls.some(
          (c) =>
            c.path === api.buddy.getBuddiesSorted.path && c.url.searchParams.get('sort') === 'ALPHABETICAL',
        ),
      ).toBe(true),
    );
  });

  it('online first asks getBuddies with onlineSort; hand ordering writes positions', async () => {
    const calls = server();
    renderApp('/html/buddies.jsp');
    const main = await screen.findByRole('main');
    await within(main).findAllByTestId('friend');
    fireEvent.click(within(main).getByRole('button', { name: 'Fijar a mar arriba' }));
    await vi.waitFor(() => expect(calls.some((c) => c.path === api.buddy.setBuddyPosition.path)).toBe(true));
    expect(body(calls.find((c) => c.path === api.buddy.setBuddyPosition.path)!.init)).toEqual({
      buddyUserID: mar.uid,
      position: 2,
    });

    fireEvent.click(within(main).getByLabelText('En línea primero'));
    await vi.waitFor(() =>
      expect(
        calls.some(
          (c) => c.path === api.buddy.getBuddies.path && c.url.searchParams.get('onlineSort') === 'true',
        ),
      ).toBe(true),
    );
    // Online friends jump ahead, so the hand-ordering buttons step aside.
    await vi.waitFor(() => expect(within(main).queryByRole('button', { name: /Fijar|Subir/ })).toBeNull());
  });

  it("someone else's private list answers with the server's reason", async () => {
    server({
      [api.people.getUserById.path]: ok({ User: [{ uid: 10_070, name: 'eva' }] }),
      [api.buddy.getBuddiesSorted.path]: () => ({
        status: 403,
        body: { message: 'La lista de amigos de eva es privada.', ApiForbiddenException: {} },
      }),
    });
    renderApp('/html/buddies.jsp?u=10070');
    const main = await screen.findByRole('main');
    await within(main).findByRole('heading', { level: 1, name: 'Amigos de eva' });
    expect((await within(main).findByRole('alert')).textContent).toBe(
      'La lista de amigos de eva es privada.',
    );
    expect(within(main).getByRole('heading', { name: 'No puedes ver esta lista' })).toBeTruthy();
    expect(within(main).queryByLabelText('Solo mis amigos pueden ver mi lista de amigos')).toBeNull();
  });

  it('the privacy switch saves with a toast; inviting someone new opens the share sheet with the link', async () => {
    const link = 'http://localhost/html/signup.jsp?invite=abc';
    const calls = server({
      [api.buddy.createInvite.path]: ok({ BuddyInvite: [{ id: 3, type: 2, link }] }),
    });
    renderApp('/html/buddies.jsp');
    const main = await screen.findByRole('main');
    const privacy = (await within(main).findByLabelText(
      'Solo mis amigos pueden ver mi lista de amigos',
    )) as HTMLInputElement;
    await vi.waitFor(() => expect(privacy.disabled).toBe(false));
    fireEvent.click(privacy);
    await vi.waitFor(() =>
      expect(shownToasts().map((t) => t!.text)).toContain('Tu lista de amigos ahora es privada'),
    );
    expect(body(calls.find((c) => c.path === api.buddy.setPrivate.path)!.init)).toEqual({ isPrivate: true });

    fireEvent.click(within(main).getByRole('button', { name: 'Invitar a alguien nuevo' }));
    await vi.waitFor(() => expect(sheets.getState().some((s) => s.options.id === 'share')).toBe(true));
    expect(body(calls.find((c) => c.path === api.buddy.createInvite.path)!.init)).toEqual({ type: 2 });
    const sheet = sheets.getState().find((s) => s.options.id === 'share')!;
    expect(sheet.options.actions?.find((a) => a.href)?.href).toContain(encodeURIComponent(link));
    sheets.close('share');
  });

  it('removing a friend asks first', async () => {
    const calls = server({ [api.buddy.deleteFriendship.path]: ok({ Boolean: [true] }) });
    renderApp('/html/buddies.jsp');
    const main = await screen.findByRole('main');
    await within(main).findAllByTestId('friend');
    fireEvent.click(within(main).getByRole('button', { name: 'Eliminar a mar de tus amigos' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('¿Quieres eliminar a mar de tus amigos?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await vi.waitFor(() =>
      expect(shownToasts().map((t) => t!.text)).toContain('mar ya no está en tus amigos'),
    );
    expect(body(calls.find((c) => c.path === api.buddy.deleteFriendship.path)!.init)).toEqual({
      friendUserId: mar.uid,
    });
  });

  it('away friends: invite back or dismiss, by type', async () => {
    const away = { uid: 10_080, name: 'teo', isFriend: true, lastAccess: Date.now() - 40 * 86_400_000 };
    const calls = server({
      [api.buddy.getBuddiesChurned.path]: ok({ User: [away] }),
      [api.buddy.createInvite.path]: ok({ BuddyInvite: [{ id: 4, type: 1, recipientId: away.uid }] }),
      [api.buddy.dismissChurnedBuddy.path]: ok({ Boolean: [true] }),
    });
    renderApp('/html/buddies.jsp?tab=away');
    const main = await screen.findByRole('main');
    await within(main).findByText('teo');
    fireEvent.change(within(main).getByLabelText('Sin venir desde hace'), { target: { value: '2' } });
    await vi.waitFor(() =>
      expect(
        calls.some(
          (c) => c.path === api.buddy.getBuddiesChurned.path && c.url.searchParams.get('type') === '2',
        ),
      ).toBe(true),
    );
    fireEvent.click(await within(main).findByRole('button', { name: 'Invitar a teo a volver' }));
    await vi.waitFor(() =>
      expect(shownToasts().map((t) => t!.text)).toContain('Hemos invitado a teo a volver'),
    );
    expect(body(calls.find((c) => c.path === api.buddy.createInvite.path)!.init)).toEqual({
      type: 1,
      recipientId: away.uid,
    });
    fireEvent.click(within(main).getByRole('button', { name: 'Descartar a teo de esta lista' }));
    await vi.waitFor(() =>
      expect(calls.some((c) => c.path === api.buddy.dismissChurnedBuddy.path)).toBe(true),
    );
    expect(body(calls.find((c) => c.path === api.buddy.dismissChurnedBuddy.path)!.init)).toEqual({
      userId: away.uid,
      type: 2,
    });
  });
});

describe('requests inbox', () => {
  const request = (id: number, sender: User, read = false): FriendRequest => ({
    offlineMessageId: id,
    sender,
    message: id === 1 ? '¡Hola! Nos vimos en la tertulia.' : undefined,
    creationTime: Date.now() - 3_600_000,
    read,
  });

  it('shows the count, accepts and denies one by one', async () => {
    let pending = [request(1, { uid: 10_090, name: 'sol' }), request(2, { uid: 10_091, name: 'rui' }, true)];
    const calls = fakeApi({
      [api.user.getSessionUser.path]: ok({ User: [me] }),
      [api.buddy.getFriendshipRequests.path]: () => ({ status: 200, body: { FriendRequest: pending } }),
      [api.buddy.getFriendshipRequestCount.path]: () => ({
        status: 200,
        body: { Integer: [pending.length] },
      }),
      [api.buddy.acceptFriendshipRequest.path]: (_url, init) => {
        pending = pending.filter((r) => r.offlineMessageId !== body(init).offlineMessageId);
        return { status: 200, body: { Boolean: [true] } };
      },
      [api.buddy.denyFriendshipRequest.path]: (_url, init) => {
        pending = pending.filter((r) => r.offlineMessageId !== body(init).offlineMessageId);
        return { status: 200, body: { Boolean: [true] } };
      },
    });
    renderApp('/html/buddies-requests.jsp');
    const main = await screen.findByRole('main');
    await within(main).findByText('Tienes 2 solicitudes pendientes');
    const rows = within(main).getAllByTestId('friend-request');
    expect(within(rows[0]).getByText('Nueva')).toBeTruthy();
    expect(within(rows[1]).queryByText('Nueva')).toBeNull();
    expect(within(rows[0]).getByText('¡Hola! Nos vimos en la tertulia.')).toBeTruthy();

    fireEvent.click(within(main).getByRole('button', { name: 'Aceptar a sol' }));
    await within(main).findByText('Tienes 1 solicitud pendiente');
    expect(shownToasts().map((t) => t!.text)).toContain('Ahora sol y tú sois amigos');
    expect(body(calls.find((c) => c.path === api.buddy.acceptFriendshipRequest.path)!.init)).toEqual({
      offlineMessageId: 1,
    });
    fireEvent.click(within(main).getByRole('button', { name: 'Rechazar a rui' }));
    await within(main).findByText('No tienes solicitudes pendientes.');
    expect(within(main).queryAllByTestId('friend-request')).toHaveLength(0);
    expect(within(main).queryByRole('button', { name: 'Aceptar todas' })).toBeNull();
  });

  it('accept all says how many were accepted', async () => {
    let pending = [request(1, { uid: 10_090, name: 'sol' }), request(2, { uid: 10_091, name: 'rui' })];
    fakeApi({
      [api.user.getSessionUser.path]: ok({ User: [me] }),
      [api.buddy.getFriendshipRequests.path]: () => ({ status: 200, body: { FriendRequest: pending } }),
      [api.buddy.getFriendshipRequestCount.path]: () => ({
        status: 200,
        body: { Integer: [pending.length] },
      }),
      [api.buddy.acceptAllFriendshipRequests.path]: () => {
        const accepted = pending.length;
        pending = [];
        return { status: 200, body: { Pair: [{ first: accepted, second: 4 }] } };
      },
    });
    renderApp('/html/buddies-requests.jsp');
    const main = await screen.findByRole('main');
    fireEvent.click(await within(main).findByRole('button', { name: 'Aceptar todas' }));
    await within(main).findByText('No tienes solicitudes pendientes.');
    expect(shownToasts().map((t) => [t!.kind, t!.text])).toEqual([['success', 'Has aceptado 2 solicitudes']]);
  });
});

describe('add-friend confirmation page', () => {
  const message = 'leo solo acepta solicitudes de quien le conoce. Escribe su número de teléfono.';
  const path = `/html/buddies-show.jsp?action=add&u=10050&pageerrormsg=${encodeURIComponent(message)}`;
  // What buddy/canSendUserBuddyRequest.do answers for a receiver who wants a proof.
  const needsProof = () => ({
    status: 400,
    body: { message, BuddyRequestConfirmationRequiredException: {} },
  });

  it('shows the server message, asks for their phone (never a last name), and resends with it', async () => {
    const sent: Record<string, unknown>[] = [];
    const calls = fakeApi({
      [api.user.getSessionUser.path]: ok({ User: [me] }),
      [api.people.getUserById.path]: ok({ User: [{ ...leo, isFriend: false }] }),
      [api.people.updateProfileVisit.path]: ok({ Boolean: [true] }),
      [api.buddy.canSendUserBuddyRequest.path]: needsProof,
      [api.buddy.sendUserBuddyRequest.path]: (_url, init) => {
        sent.push(body(init));
        return { status: 200, body: { Long: [5] } };
      },
    });
    const { router } = renderApp(path);
    const main = await screen.findByRole('main');
    await within(main).findByRole('heading', { level: 1, name: 'Añadir a leo a tus amigos' });
    expect(within(main).getByText(message)).toBeTruthy();

    fireEvent.click(within(main).getByRole('button', { name: 'Enviar solicitud' }));
    expect(within(main).getByRole('alert').textContent).toBe('Escribe su número de teléfono.');
    expect(within(main).getByLabelText('Su teléfono').getAttribute('aria-invalid')).toBe('true');
    // A last name shows on every profile: it proves nothing, so the form does not ask for one.
    expect(within(main).queryByLabelText(/apellido/i)).toBeNull();
    expect(calls.some((c) => c.path === api.buddy.sendUserBuddyRequest.path)).toBe(false);

    fireEvent.change(within(main).getByLabelText('Su teléfono'), { target: { value: ' 600 123 456 ' } });
    fireEvent.click(within(main).getByRole('button', { name: 'Enviar solicitud' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/html/profile-view.jsp'));
    expect(router.state.location.search).toBe('?user=10050');
    expect(sent).toEqual([{ receivingUserId: 10_050, phone: '600 123 456', source: 'confirm' }]);
    expect(shownToasts().map((t) => [t!.kind, t!.text])).toEqual([
      ['success', 'Solicitud de amistad enviada'],
    ]);
  });

  it('server errors show on the page', async () => {
    fakeApi({
      [api.user.getSessionUser.path]: ok({ User: [me] }),
      [api.people.getUserById.path]: ok({ User: [{ ...leo, isFriend: false }] }),
      [api.buddy.canSendUserBuddyRequest.path]: ok({ Boolean: [true] }),
      [api.buddy.sendUserBuddyRequest.path]: () => ({
        status: 403,
        body: { message: 'Has bloqueado a este miembro.', ApiForbiddenException: {} },
      }),
    });
    renderApp(path);
    const main = await screen.findByRole('main');
    fireEvent.change(await within(main).findByLabelText('Su teléfono'), { target: { value: '600 000 000' } });
    fireEvent.click(within(main).getByRole('button', { name: 'Enviar solicitud' }));
    expect((await within(main).findByRole('alert')).textContent).toBe('Has bloqueado a este miembro.');
  });

  it('a request that cannot go says why at once, without the form', async () => {
    fakeApi({
      [api.user.getSessionUser.path]: ok({ User: [me] }),
      [api.people.getUserById.path]: ok({ User: [{ ...leo, isFriend: true }] }),
      [api.buddy.canSendUserBuddyRequest.path]: () => ({
        status: 403,
        body: { message: 'Ya sois amigos.', ApiForbiddenException: {} },
      }),
    });
    renderApp(path);
    const main = await screen.findByRole('main');
    expect((await within(main).findByTestId('add-friend-refused')).textContent).toBe('Ya sois amigos.');
    expect(within(main).queryByRole('button', { name: 'Enviar solicitud' })).toBeNull();
  });

  it('without a member to add it says so', async () => {
    fakeApi({ [api.user.getSessionUser.path]: ok({ User: [me] }) });
    renderApp('/html/buddies-show.jsp?action=add');
    expect((await within(await screen.findByRole('main')).findByRole('alert')).textContent).toBe(
      'No sabemos a quién quieres añadir.',
    );
  });
});

describe('sign-up with an invite', () => {
  it('accepts the invite right after the account is created', async () => {
    const order: string[] = [];
    const calls = fakeApi({
      [api.user.getSessionUser.path]: () => ({
        status: 401,
        body: { message: '', ApiLoginRequiredException: {} },
      }),
      [api.profile.register.path]: () => {
        order.push('register');
        return { status: 200, body: { User: [{ uid: 10_200, name: 'nuevo' }] } };
      },
      [api.buddy.acceptInvite.path]: () => {
        order.push('acceptInvite');
        return { status: 200, body: { BuddyInvite: [{ id: 3, accepted: true, type: 2 }] } };
      },
    });
    const { router } = renderApp('/html/signup.jsp?invite=c0d3');
    fireEvent.change(await screen.findByLabelText('Nombre de usuario'), { target: { value: 'nuevo' } });
    fireEvent.change(screen.getByLabelText('Contraseña'), { target: { value: 'secreta123' } });
    fireEvent.change(screen.getByLabelText('Correo electrónico'), { target: { value: 'n@example.com' } });
    fireEvent.change(screen.getByLabelText('Día'), { target: { value: '9' } });
    fireEvent.change(screen.getByLabelText('Mes'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('Año'), { target: { value: '1995' } });
    fireEvent.click(screen.getByLabelText('Mujer'));
    fireEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    await vi.waitFor(() => expect(order).toEqual(['register', 'acceptInvite']));
    expect(body(calls.find((c) => c.path === api.buddy.acceptInvite.path)!.init)).toEqual({ code: 'c0d3' });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/html/index.jsp'));
    expect(shownToasts().map((t) => t!.kind)).toEqual(['success']);
  });
});
