import { type QueryClient, useQuery } from '@tanstack/react-query';
import { api } from '@tertulia/contract';
import { callOne } from '../client';
import { keyOf } from '../query';
import { list } from './define';

/**
 * The buddy area's part every page runs: the header's counts (friends online, requests), the
 * invalidations its push handlers make, and the friend list's plain call (the home's suggestions).
 * Apart from buddy.ts, whose page hooks load with the friends pages (first-load.e2e.test.ts).
 */

const b = api.buddy;

export const requestCountKey = keyOf(b.getFriendshipRequestCount);
export const onlineCountKey = keyOf(b.getNumberFriendsOnline);

/** Every query that lists friends: after a change to the list they all refetch (the active ones). */
const FRIEND_LISTS = [
  b.getBuddies,
  b.getBuddiesSorted,
  b.searchFriends,
  b.getBuddiesNearMe,
  b.getBuddiesChurned,
];

export function invalidateFriendLists(queryClient: QueryClient): void {
  for (const endpoint of FRIEND_LISTS) void queryClient.invalidateQueries({ queryKey: [endpoint.path] });
  void queryClient.invalidateQueries({ queryKey: onlineCountKey });
}

/** A new request arrived or one was answered: the inbox and its count follow. */
export function invalidateRequests(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: [b.getFriendshipRequests.path] });
  void queryClient.invalidateQueries({ queryKey: requestCountKey });
}

export function useFriendshipRequestCount(enabled = true) {
  return useQuery({
    queryKey: requestCountKey,
    queryFn: ({ signal }) => callOne(b.getFriendshipRequestCount, {}, { signal }),
    enabled,
  });
}

export function useFriendsOnlineCount(enabled = true) {
  return useQuery({
    queryKey: onlineCountKey,
    queryFn: ({ signal }) => callOne(b.getNumberFriendsOnline, {}, { signal }),
    enabled,
  });
}

/** Plain call: a page of friends. */
export const getBuddies = /* @__PURE__ */ list(b.getBuddies);
