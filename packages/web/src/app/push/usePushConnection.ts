import { useQueryClient } from '@tanstack/react-query';
import type { User } from '@tertulia/contract';
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
