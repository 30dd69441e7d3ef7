import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PushDispatcher } from '../../api/dispatcher';
import { registerShellHandlers } from '../../app/push/shellHandlers';
import { ToastQueue } from '../../ui/toast/toastStore';
import { registerChatHandlers } from './push';

describe('chat push on every page', () => {
  let dispatcher: PushDispatcher;
  let toast: ToastQueue;
  let path = '/html/index.jsp';
  let off: (() => void)[] = [];
  const shown = () => [toast.getState().current, ...toast.getState().queue].filter(Boolean);
  const ana = { uid: 7, name: 'ana' };

  beforeEach(() => {
    dispatcher = new PushDispatcher();
    toast = new ToastQueue();
    path = '/html/index.jsp';
    off = [
      registerChatHandlers({ dispatcher, toast }),
      registerShellHandlers({ dispatcher, toast, queryClient: new QueryClient(), pathname: () => path }),
    ];
  });
  afterEach(() => {
    for (const unsubscribe of off) unsubscribe();
    toast.clear();
  });

  it('an invitation is a notice that opens the room', () => {
    dispatcher.dispatch({ type: 'chatInvite', roomId: 12, roomName: 'Café', sender: ana, message: '¡Ven!' });
    dispatcher.dispatch({ type: 'chatInvite', roomId: 13, roomName: 'Té', sender: ana });
    expect(shown().map((t) => [t!.kind, t!.text, t!.href])).toEqual([
      ['notice', 'ana te invita a la sala Café: ¡Ven!', '/chat/room/12'],
      ['notice', 'ana te invita a la sala Té', '/chat/room/13'],
    ]);
  });

  it('private-message toasts show on other pages and stay quiet on every /chat/ page', () => {
    for (const chatPage of ['/chat/', '/chat/room/3']) {
      path = chatPage;
      dispatcher.dispatch({ type: 'chatPrivateMessage', roomId: 3, sender: ana, message: 'psst' });
    }
    expect(shown()).toEqual([]);
    path = '/html/profile-view.jsp';
    dispatcher.dispatch({ type: 'chatPrivateMessage', roomId: 3, sender: ana, message: 'psst' });
    expect(shown().map((t) => [t!.text, t!.href])).toEqual([['ana: psst', '/chat/room/3']]);
  });

  it('room events are the room page’s business: no toast elsewhere', () => {
    dispatcher.dispatch({ type: 'chatRoomUser', roomId: 3, user: ana, action: 'entered' });
    dispatcher.dispatch({ type: 'chatRoomDeleted', roomId: 3 });
    expect(shown()).toEqual([]);
  });
});
