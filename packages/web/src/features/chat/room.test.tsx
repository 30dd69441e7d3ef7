// @vitest-environment jsdom
import { api, type ChatEntry, type ChatRoom, type User } from '@tertulia/contract';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pushDispatcher } from '../../api/dispatcher';
import { fakeApi, renderApp } from '../../testing/renderApp';
import { dialogs } from '../../ui/dialog/dialogStore';
import { toast } from '../../ui/toast/toastStore';

const me: User = { uid: 1, name: 'lucia' };
const mateo: User = { uid: 2, name: 'mateo' };
const ana: User = { uid: 3, name: 'ana' };
const c = api.chat;
const ok = (body: unknown) => () => ({ status: 200, body });
const shownToasts = () => [toast.getState().current, ...toast.getState().queue].filter(Boolean);

afterEach(() => {
  for (const open of dialogs.getState()) dialogs.close(open.key);
  cleanup();
  vi.unstubAllGlobals();
  toast.clear();
});

function server({
  room = { id: 9, name: 'Café', roomType: 2, isOwner: true, isModerator: true, usersCount: 3 },
  layoutStyle = 'cozy',
  collapseImages = false,
  entries = [] as ChatEntry[],
  extra = {} as Parameters<typeof fakeApi>[0],
}: {
  room?: ChatRoom;
  layoutStyle?: string;
  collapseImages?: boolean;
  entries?: ChatEntry[];
  extra?: Parameters<typeof fakeApi>[0];
} = {}) {
  return fakeApi({
    [api.user.getSessionUser.path]: ok({ User: [me] }),
    [c.enterRoom.path]: ok({ ChatRoom: [room] }),
    [c.leaveRoom.path]: ok({ Boolean: [true] }),
    [c.getMessages.path]: ok({ ChatEntry: entries }),
    [c.getUsersInChatRoom.path]: ok({ User: [ana, me, mateo] }),
    // lucia owns the room, mateo moderates it.
    [c.getChatRoomOwnerAndModerators.path]: ok({ User: [me, mateo] }),
    [c.getUnreadPrivateMessagesCount.path]: ok({ Integer: [0] }),
    [c.getChatConfiguration.path]: ok({
      ChatConfiguration: [{ emoticonPath: 'default', layoutStyle, collapseImages, chatGagExpiration: 0 }],
    }),
    [c.isUserIgnored.path]: ok({ Boolean: [false] }),
    ...extra,
  });
}

const line = (
  message: string,
  user: User,
  timestamp: number,
  color?: string,
  bgColor?: string,
): ChatEntry => ({
  message,
  user,
  timestamp,
  color,
  bgColor,
  messageType: 0,
});

describe('the room page', () => {
  it('enters the room, shows the stream in the member’s layout with colours, and leaves on unmount', async () => {
    const calls = server({
      layoutStyle: 'compact',
      entries: [
        line('¡Hola **a todos**!', ana, 1000, '#FFFFFF', '#2980B9'),
        { ...line('Buenas :smile:', mateo, 2000), emoticonPath: 'contorno', isGag: true },
      ],
    });
    const { router } = renderApp('/chat/room/9');
    const stream = await screen.findByTestId('chat-stream');
    const lines = await within(stream).findAllByTestId('chat-entry');
    expect(lines.map((l) => l.textContent)).toEqual([
      expect.stringContaining('¡Hola a todos!'),
      expect.stringContaining('Buenas'),
    ]);
    expect(stream.getAttribute('data-layout')).toBe('compact');
    expect(within(lines[0]).getByText('a todos').tagName).toBe('STRONG');
    const painted = lines[0].querySelector('[style]') as HTMLElement;
    expect(painted.style.color).toBe('rgb(255, 255, 255)');
    expect(painted.style.background).toContain('rgb(41, 128, 185)');
    // The sender's emoticon theme draws their emoticons.
    const themed = lines[1].querySelector('[data-emoticons]') as HTMLElement;
    expect(themed.dataset.emoticons).toBe('contorno');
    expect(within(themed).getByRole('img', { name: 'sonrisa' })).toBeTruthy();
    // A sender gagged now is marked.
    expect(within(lines[1]).getByText('silenciado')).toBeTruthy();
    expect(within(lines[0]).queryByText('silenciado')).toBeNull();
    expect(calls.some((call) => call.path === c.enterRoom.path)).toBe(true);
    expect(await screen.findByRole('heading', { level: 1, name: 'Café' })).toBeTruthy();

    await act(() => router.navigate('/chat/'));
    await vi.waitFor(() => expect(calls.some((call) => call.path === c.leaveRoom.path)).toBe(true), {
      timeout: 5000,
    });
    expect(JSON.parse(calls.find((call) => call.path === c.leaveRoom.path)!.init.body as string)).toEqual({
      roomId: 9,
    });
  });

  it('collapses images by the member’s setting until one is opened', async () => {
    server({ collapseImages: true, entries: [line('mira [image=/media/a.jpg]', ana, 1000)] });
    renderApp('/chat/room/9');
    const button = await screen.findByTestId('chat-collapsed-image');
    expect(button.textContent).toBe('Mostrar imagen');
    expect(screen.queryByRole('img', { name: 'Imagen' })).toBeNull();
    fireEvent.click(button);
    expect(screen.getByRole('img', { name: 'Imagen' }).getAttribute('src')).toBe('/media/a.jpg');
  });

  it('live: a pushed entry joins the stream once; someone entering shows a notice and joins the list', async () => {
    server({ entries: [line('Primera', ana, 1000)] });
    renderApp('/chat/room/9');
    await screen.findAllByTestId('chat-entry');
    await screen.findAllByTestId('chat-user');
    const pushed = line('En directo', mateo, 5000);
    act(() => {
      pushDispatcher.dispatch({ type: 'chatEntry', roomId: 9, entry: pushed });
      pushDispatcher.dispatch({ type: 'chatEntry', roomId: 9, entry: pushed });
      pushDispatcher.dispatch({ type: 'chatEntry', roomId: 77, entry: line('Otra sala', mateo, 6000) });
      pushDispatcher.dispatch({
        type: 'chatRoomUser',
        roomId: 9,
        user: { uid: 5, name: 'zoe' },
        action: 'entered',
      });
    });
    const texts = screen.getAllByTestId('chat-entry').map((l) => l.textContent);
    expect(texts).toHaveLength(2);
    expect(texts[1]).toContain('En directo');
    expect(screen.getByTestId('chat-notice').textContent).toBe('zoe ha entrado');
    expect(screen.getAllByTestId('chat-user').some((u) => u.textContent?.endsWith('zoe'))).toBe(true);
  });

  it('a line arriving while the member reads further up shows a pill that goes to the bottom', async () => {
    server({ entries: [line('Primera', ana, 1000)] });
    renderApp('/chat/room/9');
    const stream = await screen.findByTestId('chat-stream');
    await screen.findAllByTestId('chat-entry');
    Object.defineProperty(stream, 'scrollHeight', { configurable: true, value: 2000 });
    Object.defineProperty(stream, 'clientHeight', { configurable: true, value: 400 });
    stream.scrollTo = () => undefined;
    stream.scrollTop = 100;
    fireEvent.scroll(stream);
    expect(screen.queryByRole('button', { name: 'Mensajes nuevos ↓' })).toBeNull();
    act(() => pushDispatcher.dispatch({ type: 'chatEntry', roomId: 9, entry: line('Nueva', mateo, 9000) }));
    fireEvent.click(await screen.findByRole('button', { name: 'Mensajes nuevos ↓' }));
    expect(screen.queryByRole('button', { name: 'Mensajes nuevos ↓' })).toBeNull();
  });

  it('kicked while inside: back to the room list with a notice', async () => {
    server();
    const { router } = renderApp('/chat/room/9');
    await screen.findByTestId('chat-stream');
    act(() =>
      pushDispatcher.dispatch({
        type: 'chatRoomUser',
        roomId: 9,
        user: { uid: 1, name: 'lucia' },
        action: 'kicked',
      }),
    );
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/chat/'));
    expect(shownToasts().map((t) => [t!.kind, t!.text])).toContainEqual([
      'warning',
      'Te han expulsado de la sala Café.',
    ]);
  });

  it('a deleted room sends everyone back to the list', async () => {
    server();
    const { router } = renderApp('/chat/room/9');
    await screen.findByTestId('chat-stream');
    act(() => pushDispatcher.dispatch({ type: 'chatRoomDeleted', roomId: 9 }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/chat/'));
    expect(shownToasts().map((t) => t!.text)).toContain('La sala Café se ha cerrado.');
  });

  it('the composer shows the server’s refusal in its words', async () => {
    server({
      extra: {
        [c.sendMessage.path]: () => ({
          status: 403,
          body: { message: 'Estás silenciado en el chat por un tiempo.', ApiForbiddenException: {} },
        }),
      },
    });
    renderApp('/chat/room/9');
    const input = await screen.findByTestId('chat-input');
    fireEvent.change(input, { target: { value: 'hola' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect((await screen.findByTestId('chat-input-error')).textContent).toBe(
      'Estás silenciado en el chat por un tiempo.',
    );
    expect((input as HTMLTextAreaElement).value).toBe('hola');
  });

  it('roles in the list; the owner’s menu on a member offers every moderator action', async () => {
    server();
    renderApp('/chat/room/9');
    const rows = await screen.findAllByTestId('chat-user');
    await vi.waitFor(() => expect(screen.getAllByText('Moderador').length).toBeGreaterThan(0));
    // Owner first, then moderators, then everyone else.
    expect(screen.getAllByTestId('chat-user').map((r) => r.textContent)).toEqual([
      expect.stringContaining('lucia'),
      expect.stringContaining('mateo'),
      expect.stringContaining('ana'),
    ]);
    expect(rows.length).toBe(3);
    fireEvent.click(screen.getAllByTestId('chat-user')[2]);
    const dialog = await screen.findByTestId('chat-member');
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(
      expect.arrayContaining([
        'Mensaje privado',
        'Denunciar',
        'Expulsar',
        'Bloquear',
        'Silenciar en la sala',
        'Hacer moderador',
      ]),
    );
    await within(dialog).findByRole('button', { name: 'Ignorar' });
  });

  it('ignoring a member hides their lines at once', async () => {
    const calls = server({
      entries: [line('De Ana', ana, 1000), line('De Mateo', mateo, 2000)],
      extra: { [c.ignoreUser.path]: ok({ Boolean: [true] }) },
    });
    renderApp('/chat/room/9');
    await screen.findAllByTestId('chat-entry');
    fireEvent.click(screen.getAllByTestId('chat-user').find((r) => r.textContent?.endsWith('ana'))!);
    const dialog = await screen.findByTestId('chat-member');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Ignorar' }));
    await vi.waitFor(() =>
      expect(screen.getAllByTestId('chat-entry').map((l) => l.textContent)).toEqual([
        expect.stringContaining('De Mateo'),
      ]),
    );
    expect(JSON.parse(calls.find((call) => call.path === c.ignoreUser.path)!.init.body as string)).toEqual({
      userId: ana.uid,
    });
    expect(shownToasts().map((t) => t!.text)).toContain('Ya no verás los mensajes de ana.');
  });

  it('a plain member sees no moderator actions, and nobody can act on the owner', async () => {
    server({ room: { id: 9, name: 'Café', roomType: 2, isOwner: false, isModerator: false } });
    renderApp('/chat/room/9');
    await vi.waitFor(() => expect(screen.getAllByText('Moderador').length).toBeGreaterThan(0));
    fireEvent.click(screen.getAllByTestId('chat-user').find((r) => r.textContent?.endsWith('ana'))!);
    const dialog = await screen.findByTestId('chat-member');
    expect(within(dialog).queryByText('Moderación')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Expulsar' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Mensaje privado' })).toBeTruthy();
  });

  it('a moderator picks a bounded duration for a room gag, sent with the room', async () => {
    const calls = server({ extra: { [c.gagUser.path]: ok({ Boolean: [true] }) } });
    renderApp('/chat/room/9');
    await vi.waitFor(() => expect(screen.getAllByText('Moderador').length).toBeGreaterThan(0));
    fireEvent.click(screen.getAllByTestId('chat-user').find((r) => r.textContent?.endsWith('ana'))!);
    const dialog = await screen.findByTestId('chat-member');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Silenciar en la sala' }));
    const select = within(dialog).getByLabelText('¿Cuánto tiempo?') as HTMLSelectElement;
    // A room gag lasts a day at most for the room's owner and moderators.
    expect([...select.options].map((o) => o.textContent)).toEqual(['10 min', '1 h', '24 h']);
    fireEvent.change(select, { target: { value: '60' } });
    fireEvent.click(within(dialog).getByTestId('chat-mod-apply'));
    await vi.waitFor(() => expect(calls.some((call) => call.path === c.gagUser.path)).toBe(true));
    expect(JSON.parse(calls.find((call) => call.path === c.gagUser.path)!.init.body as string)).toEqual({
      userId: ana.uid,
      roomId: 9,
      minutes: 60,
    });
    await vi.waitFor(() =>
      expect(shownToasts().map((t) => t!.text)).toContain('ana está silenciado en esta sala durante 1 h.'),
    );
  });

  it('shows a gag in this room as this room’s, with the box closed', async () => {
    server({
      room: { id: 9, name: 'Café', roomType: 2, isOwner: false, gagExpiration: Date.now() + 3_600_000 },
    });
    renderApp('/chat/room/9');
    expect(await screen.findByText(/Estás silenciado en esta sala hasta las/)).toBeTruthy();
  });
});
