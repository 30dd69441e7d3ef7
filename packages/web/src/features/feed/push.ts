import type { QueryClient } from '@tanstack/react-query';
import { notificationsKey, unreadKey } from '../../api/areas/feed';
import type { PushDispatcher } from '../../api/dispatcher';
import { unreadAfterPush } from './rules';

/**
 * The `notification` push raises the header badge at once (the server's count when it sends
 * one) and refreshes the list. The notice toast itself is the shell's (app/push/shellHandlers).
 */
export function registerNotificationHandlers({
  dispatcher,
  queryClient,
}: {
  dispatcher: PushDispatcher;
  queryClient: QueryClient;
}): () => void {
  return dispatcher.on('notification', (event) => {
    queryClient.setQueryData<number>(unreadKey, (count) => unreadAfterPush(count, event.unreadCount));
    void queryClient.invalidateQueries({ queryKey: notificationsKey });
  });
}
