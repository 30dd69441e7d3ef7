import { useQueryClient } from '@tanstack/react-query';
import type { PushEvent, User } from '@tertulia/contract';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { pushDispatcher } from '../../api/dispatcher';
import { PushClient } from '../../api/push';
import { PATHS } from '../../ui/paths';
import { toast } from '../../ui/toast/toastStore';
import { registerShellHandlers } from './shellHandlers';

/** One push socket while a member is logged in; after a reconnect, active queries refetch. */
export function usePushConnection(user: User | null): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const uid = user?.uid;

  useEffect(
    () =>
      registerShellHandlers({
        dispatcher: pushDispatcher,
        queryClient,
        toast,
        pathname: () => window.location.pathname,
        onSessionEnded: () => navigate(PATHS.home, { replace: true }),
      }),
    [queryClient, navigate],
  );

  // Sound and browser notifications (settings page): their code loads on the first event that may
  // need it, never with the first visit's scripts (e2e/first-load.e2e.test.ts).
  useEffect(() => {
    if (uid === undefined) return;
    const alert = (event: PushEvent) =>
      void import('../alerts/alerts')
        .then(({ alertFromPush }) => alertFromPush(event, { queryClient, me: uid, navigate }))
        .catch(() => undefined);
    const off = (['message', 'chatPrivateMessage', 'offlineMessage'] as const).map((type) =>
      pushDispatcher.on(type, alert),
    );
    return () => {
      for (const unsubscribe of off) unsubscribe();
    };
  }, [uid, queryClient, navigate]);

  useEffect(() => {
    if (uid === undefined || typeof WebSocket === 'undefined') return;
    const client = new PushClient({
      onEvent: (event) => pushDispatcher.dispatch(event),
      // Events sent while we were away are not replayed: the API is the source of truth.
      onReconnected: () => void queryClient.invalidateQueries({ refetchType: 'active' }),
    });
    client.start();
    const nudge = () => {
      if (document.visibilityState === 'visible') client.nudge();
    };
    window.addEventListener('online', nudge);
    document.addEventListener('visibilitychange', nudge);
    return () => {
      window.removeEventListener('online', nudge);
      document.removeEventListener('visibilitychange', nudge);
      client.stop();
    };
  }, [uid, queryClient]);
}
