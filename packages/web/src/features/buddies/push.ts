import type { QueryClient } from '@tanstack/react-query';
import { api } from '@tertulia/contract';
import {
  invalidateFriendLists,
  invalidateRequests,
  onlineCountKey,
  requestCountKey,
} from '../../api/areas/buddyCounts';
import type { PushDispatcher } from '../../api/dispatcher';

/** Offline messages of category 3 are friend requests. */
export const FRIEND_REQUEST_CATEGORY = 3;
/** The `notification` push a request's sender gets when it is accepted. */
export const BUDDY_ACCEPTED = 'buddyAccepted';

/**
 * The buddies share of push events: the header badges and open lists follow what happened.
 * The toasts themselves are the shell's (app/push/shellHandlers.ts).
 */
export function registerBuddyHandlers({
  dispatcher,
  queryClient,
}: {
  dispatcher: PushDispatcher;
  queryClient: QueryClient;
}): () => void {
  const off = [
    dispatcher.on('offlineMessage', (e) => {
      if (e.category !== FRIEND_REQUEST_CATEGORY) return;
      // The badge moves at once, then the server's count confirms it (a refetch may race the push).
      queryClient.setQueryData<number>(requestCountKey, (n) => (n === undefined ? n : n + 1));
      invalidateRequests(queryClient);
    }),
    dispatcher.on('buddyOnline', () => {
      // A friend's first socket: the count is asked again (no event says when one leaves).
      void queryClient.invalidateQueries({ queryKey: onlineCountKey });
      void queryClient.invalidateQueries({ queryKey: [api.buddy.getBuddies.path] });
      void queryClient.invalidateQueries({ queryKey: [api.buddy.getBuddiesSorted.path] });
    }),
    dispatcher.on('notification', (e) => {
      if (e.kind !== BUDDY_ACCEPTED) return;
      // A new friend: lists, the online count and their profile (no more "add friend").
      invalidateFriendLists(queryClient);
      void queryClient.invalidateQueries({ queryKey: [api.people.getUserById.path] });
    }),
  ];
  return () => {
    for (const unsubscribe of off) unsubscribe();
  };
}
