import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  api,
  BuddyInviteType,
  type BuddySort,
  type Endpoint,
  type ParamsOf,
  type User,
} from '@tertulia/contract';
import { call, callOne } from '../client';
import { keyOf } from '../query';
import {
  getBuddies,
  invalidateFriendLists,
  invalidateRequests,
  onlineCountKey,
  requestCountKey,
  useFriendshipRequestCount,
  useFriendsOnlineCount,
} from './buddyCounts';
import { one } from './define';
import { userKey } from './people';

// The header's part lives in buddyCounts.ts (every page); pages import it from here too.
export {
  getBuddies,
  invalidateFriendLists,
  invalidateRequests,
  onlineCountKey,
  requestCountKey,
  useFriendshipRequestCount,
  useFriendsOnlineCount,
};

/** Hooks of the buddy area: friend lists, requests, privacy, churned friends, invites. */

const b = api.buddy;
/** The server's page size for friend lists. */
export const FRIENDS_PAGE = 50;
export const REQUESTS_PAGE = 20;

export const buddySortKey = keyOf(b.getBuddySort);

/** Pages of a plain list endpoint (User[] per page); `params: null` waits. */
export function usePagedList<E extends Endpoint>(
  endpoint: E,
  params: ParamsOf<E> | null,
  limit = FRIENDS_PAGE,
) {
  return useInfiniteQuery({
    queryKey: [...keyOf(endpoint, params ?? undefined), 'pages', limit],
    queryFn: ({ pageParam, signal }) =>
      call(endpoint, { ...(params as ParamsOf<E>), page: pageParam, limit }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.length >= limit ? pages.length + 1 : undefined),
    enabled: params !== null,
  });
}

/** The caller's remembered order (getBuddySort is for one's own list only). */
export function useBuddySort(enabled = true) {
  return useQuery({
    queryKey: buddySortKey,
    queryFn: async ({ signal }) => (await callOne(b.getBuddySort, {}, { signal })) as BuddySort,
    enabled,
    staleTime: 5 * 60_000,
  });
}

export function useSetBuddySort() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sort: BuddySort) => callOne(b.setBuddySort, { sort }),
    onMutate: (sort) => {
      const before = queryClient.getQueryData<BuddySort>(buddySortKey);
      queryClient.setQueryData(buddySortKey, sort);
      return { before };
    },
    onError: (_error, _sort, context) => queryClient.setQueryData(buddySortKey, context?.before),
  });
}

export const privateKey = (userId?: number) => keyOf(b.isPrivate, userId ? { userId } : {});

export function useIsPrivate(userId?: number) {
  return useQuery({
    queryKey: privateKey(userId),
    queryFn: ({ signal }) => callOne(b.isPrivate, userId ? { userId } : {}, { signal }),
  });
}

export function useSetPrivate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isPrivate: boolean) => callOne(b.setPrivate, { isPrivate }),
    onSuccess: (_ok, isPrivate) => queryClient.setQueryData(privateKey(), isPrivate),
  });
}

/** Writes the changed positions one after the other; the lists refetch once at the end. */
export function useSetPositions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (changes: readonly { uid: number; position: number }[]) => {
      for (const change of changes)
        await callOne(b.setBuddyPosition, { buddyUserID: change.uid, position: change.position });
    },
    onSettled: () => invalidateFriendLists(queryClient),
  });
}

export function useDeleteFriendship() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (friend: Pick<User, 'uid'>) => callOne(b.deleteFriendship, { friendUserId: friend.uid }),
    onSuccess: (_ok, friend) => {
      invalidateFriendLists(queryClient);
      void queryClient.invalidateQueries({ queryKey: userKey(friend.uid) });
    },
  });
}

export function useDismissChurned() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (p: { uid: number; type: number }) =>
      callOne(b.dismissChurnedBuddy, { userId: p.uid, type: p.type }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [b.getBuddiesChurned.path] }),
  });
}

/** Type 1 invites a friend back (recipientId); type 2 makes a sign-up link for someone new. */
export function useCreateInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      p:
        | { type: typeof BuddyInviteType.COME_BACK; recipientId: number }
        | { type: typeof BuddyInviteType.JOIN },
    ) => callOne(b.createInvite, p),
    onSuccess: (_invite, p) => {
      if (p.type === BuddyInviteType.COME_BACK)
        void queryClient.invalidateQueries({ queryKey: [b.getBuddiesChurned.path] });
    },
  });
}

/** Sends a friend request; the caller decides what its errors mean (confirmation, toasts). */
export function useSendBuddyRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (params: ParamsOf<typeof b.sendUserBuddyRequest>) => callOne(b.sendUserBuddyRequest, params),
    // If the other member had already asked, the server made us friends: the profile follows.
    onSuccess: (_id, params) =>
      void queryClient.invalidateQueries({ queryKey: userKey(params.receivingUserId) }),
    meta: { silent: true },
  });
}

export function useAnswerRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (p: { offlineMessageId: number; accept: boolean }) =>
      callOne(p.accept ? b.acceptFriendshipRequest : b.denyFriendshipRequest, {
        offlineMessageId: p.offlineMessageId,
      }),
    onSuccess: () => queryClient.setQueryData<number>(requestCountKey, (n) => (n ? n - 1 : n)),
    onSettled: (_ok, _error, p) => {
      invalidateRequests(queryClient);
      if (p.accept) invalidateFriendLists(queryClient);
    },
  });
}

export function useAcceptAllRequests() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callOne(b.acceptAllFriendshipRequests, {}),
    onSuccess: () => queryClient.setQueryData<number>(requestCountKey, 0),
    onSettled: () => {
      invalidateRequests(queryClient);
      invalidateFriendLists(queryClient);
    },
  });
}

/** The newcomer accepts the join invite they came with, right after signing up. */
export function acceptInvite(code: string) {
  return callOne(b.acceptInvite, { code });
}

/** Plain calls of the buddy area, typed by the contract. */
export const isPrivate = /* @__PURE__ */ one(b.isPrivate);
export const setPrivate = /* @__PURE__ */ one(b.setPrivate);

/**
 * Whether the member may ask `receivingUserId` for friendship (buddy/canSendUserBuddyRequest.do).
 * A refusal comes back as the error sending would give (already friends, a request pending, a
 * block); "confirmation required" means a request with a proof may still go.
 */
export function useCanSendBuddyRequest(receivingUserId: number) {
  return useQuery({
    queryKey: keyOf(b.canSendUserBuddyRequest, { receivingUserId }),
    queryFn: ({ signal }) => callOne(b.canSendUserBuddyRequest, { receivingUserId }, { signal }),
    enabled: receivingUserId > 0,
    retry: false,
  });
}
