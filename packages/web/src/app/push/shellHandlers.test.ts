import { QueryClient } from '@tanstack/react-query';
import { api } from '@tertulia/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionKey } from '../../api/areas/user';
import { PushDispatcher } from '../../api/dispatcher';
import { giftVideoDialog, loveReceivedDialog } from '../../features/gifts/dialogs';
import { rewardDialog } from '../../features/rewards/dialogs';
import { ToastQueue } from '../../ui/toast/toastStore';
import { registerShellHandlers } from './shellHandlers';

describe('push dispatcher: shell handlers', () => {
  let dispatcher: PushDispatcher;
  let toast: ToastQueue;
  let queryClient: QueryClient;
  let path = '/html/index.jsp';
  let off: () => void;
  let opened: { definition: unknown; props: object }[] = [];
  const shown = () => [toast.getState().current, ...toast.getState().queue].filter(Boolean);

  beforeEach(() => {
    dispatcher = new PushDispatcher();
    toast = new ToastQueue();
    queryClient = new QueryClient();
    path = '/html/index.jsp';
    opened = [];
    off = registerShellHandlers({
      dispatcher,
      queryClient,
      toast,
      pathname: () => path,
      dialogs: { open: (definition, props) => opened.push({ definition, props }) },
    });
  });
  afterEach(() => {
    off();
    toast.clear();
  });

  const ana = { uid: 7, name: 'ana' };

  it('turns notices into toasts that link to their pages', () => {
    dispatcher.dispatch({ type: 'buddyOnline', user: ana });
    dispatcher.dispatch({ type: 'profileVisit', user: ana, hasaccess: true });
    dispatcher.dispatch({ type: 'profileVisit', user: ana, hasaccess: false });
    dispatcher.dispatch({ type: 'giftReceived', giftId: 1, sender: ana, giftName: 'una rosa' });
    dispatcher.dispatch({ type: 'streetWarsJournal', text: 'Batalla ganada', url: '/journal?id=3' });
    expect(shown().map((t) => [t!.kind, t!.text, t!.href])).toEqual([
      ['notice', 'ana está en línea', '/html/profile-view.jsp?user=7'],
      ['notice', 'ana ha visitado tu perfil', '/html/profile-view.jsp?user=7'],
      ['notice', 'Alguien ha visitado tu perfil', '/html/gold/profile-visits.jsp'],
      ['loveReceived', 'ana te ha enviado una rosa', '/html/gifts/account.jsp'],
      ['notice', 'Batalla ganada', '/games?gid=1000&url=%2Fjournal%3Fid%3D3'],
    ]);
  });

  it('love received opens the love-received dialog (no toast) and refreshes the gift account', () => {
    const account = [api.gift.getAccount.path, {}];
    queryClient.setQueryData(account, []);
    dispatcher.dispatch({ type: 'loveReceived', sender: ana, amount: 3, lovePoints: 8 });
    expect(opened).toEqual([
      { definition: loveReceivedDialog, props: { sender: ana, amount: 3, lovePoints: 8 } },
    ]);
    expect(shown()).toEqual([]);
    expect(queryClient.getQueryState(account)?.isInvalidated).toBe(true);
  });

  it('a gift received plays in the gift video dialog; a contest win opens the reward dialog', () => {
    dispatcher.dispatch({ type: 'giftReceived', giftId: 4, sender: ana, giftName: 'un anillo' });
    dispatcher.dispatch({
      type: 'contestWon',
      contestId: 9,
      name: 'Gran sorteo',
      place: 2,
      prize: 150,
      currency: 'gold',
    });
    expect(opened).toEqual([
      { definition: giftVideoDialog, props: { giftId: 4, senderName: 'ana' } },
      {
        definition: rewardDialog,
        props: {
          kind: 'contestWon',
          amount: 150,
          currency: 'gold',
          place: 2,
          contestName: 'Gran sorteo',
          contestId: 9,
        },
      },
    ]);
  });

  it('a gift sent in a live broadcast opens nothing over the studio: the broadcast draws it', () => {
    dispatcher.dispatch({
      type: 'giftReceived',
      giftId: 4,
      sender: ana,
      giftName: 'un anillo',
      source: 'live',
    });
    expect(opened).toEqual([]);
    expect(shown()).toEqual([]);
  });

  it('a profile visit refreshes the visitors list if it is showing', () => {
    const key = [api.people.getProfileVisitors.path, {}, 'pages', 24];
    queryClient.setQueryData(key, { pages: [], pageParams: [] });
    dispatcher.dispatch({ type: 'profileVisit', hasaccess: false });
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
    expect(shown().map((t) => t!.href)).toEqual(['/html/gold/profile-visits.jsp']);
  });

  it('tells friend requests (category 3) from other offline messages', () => {
    dispatcher.dispatch({ type: 'offlineMessage', id: 1, category: 3, sender: ana });
    dispatcher.dispatch({ type: 'offlineMessage', id: 2, category: 1, sender: ana });
    expect(shown().map((t) => t!.text)).toEqual(['ana quiere ser tu amigo', 'Nuevo mensaje de ana']);
  });

  it('suppresses chat private-message toasts on the chat pages', () => {
    path = '/chat/room/3';
    dispatcher.dispatch({ type: 'chatPrivateMessage', roomId: 3, sender: ana, message: 'hola' });
    expect(shown()).toEqual([]);
    path = '/html/index.jsp';
    dispatcher.dispatch({ type: 'chatPrivateMessage', roomId: 3, sender: ana, message: 'hola' });
    expect(shown().map((t) => t!.text)).toEqual(['ana: hola']);
  });

  it('a session that ended logs the tab out', () => {
    queryClient.setQueryData(sessionKey, { uid: 7, name: 'ana' });
    dispatcher.dispatch({ type: 'sessionEnded' });
    expect(queryClient.getQueryData(sessionKey)).toBeNull();
  });

  it('a session that ended sends the tab to the logged-out home', () => {
    const ended = vi.fn();
    const offEnded = registerShellHandlers({
      dispatcher,
      queryClient,
      toast,
      pathname: () => path,
      onSessionEnded: ended,
    });
    dispatcher.dispatch({ type: 'sessionEnded' });
    expect(ended).toHaveBeenCalledOnce();
    offEnded();
  });

  it('a failing handler does not stop the others; unsubscribe works', () => {
    const seen: string[] = [];
    const offBroken = dispatcher.on('notification', () => {
      throw new Error('roto');
    });
    const offSeen = dispatcher.on('notification', (e) => seen.push(e.text));
    const error = console.error;
    console.error = () => undefined;
    dispatcher.dispatch({ type: 'notification', id: 1, kind: 'x', text: 'aviso' });
    console.error = error;
    expect(seen).toEqual(['aviso']);
    offBroken();
    offSeen();
    dispatcher.dispatch({ type: 'notification', id: 2, kind: 'x', text: 'otro' });
    expect(seen).toEqual(['aviso']);
  });
});
