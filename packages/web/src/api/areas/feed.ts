import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  api,
  type Comment,
  type FeedEvent,
  FeedEventType,
  type FeedSettings,
  type Notification,
  type ParamsOf,
} from '@tertulia/contract';
import { call, callOne } from '../client';
import { keyOf } from '../query';
import { list, one } from './define';

/**
 * Hooks of the feed: events, feed settings, likes, comments, guestbook and
 * notifications. Feed lists page with the server's `before` cursor (no duplicates or gaps while
 * new events arrive).
 */

const f = api.feed;
const u = api.user;
const a = api.album;

/** The feed's default page is 10 events. */
export const FEED_PAGE = 10;
export const COMMENTS_PAGE = 20;
export const LIKES_PAGE = 20;
export const NOTIFICATIONS_PAGE = 20;

export type FeedPages = InfiniteData<FeedEvent[], string | null>;

export const feedSettingsKey = keyOf(f.getFeedSettings);
export const unreadKey = keyOf(u.getUnreadNotificationCount);
export const notificationsKey = [u.getNotifications.path, 'list'] as const;
export const feedKey = (filter: number, userId?: number) =>
  [f.getEvents.path, userId ? { filter, userId } : { filter }, 'pages'] as const;

export function useFeedSettings(enabled = true) {
  return useQuery({
    queryKey: feedSettingsKey,
    queryFn: ({ signal }) => callOne(f.getFeedSettings, {}, { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** One page of a feed: page 1 (newest), or the items after `before`. */
export function fetchFeedPage(
  params: { filter: number; userId?: number; before?: string | null },
  signal?: AbortSignal,
): Promise<FeedEvent[]> {
  const { before, ...rest } = params;
  return call(f.getEvents, { ...rest, limit: FEED_PAGE, ...(before ? { before } : {}) }, { signal });
}

export function useFeed(filter: number | null, userId?: number) {
  return useInfiniteQuery({
    queryKey: feedKey(filter ?? 0, userId),
    queryFn: ({ pageParam, signal }) =>
      fetchFeedPage({ filter: filter ?? 1, userId, before: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) =>
      last.length >= FEED_PAGE ? (last.at(-1)?.cursor ?? null) || undefined : undefined,
    enabled: filter !== null,
  });
}

/** Every feed event in every cached feed list (home tabs, profiles). */
export function updateFeedEvents(
  queryClient: QueryClient,
  change: (event: FeedEvent) => FeedEvent | null,
): void {
  queryClient.setQueriesData<FeedPages>({ queryKey: [f.getEvents.path] }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) =>
            page.map(change).filter((event): event is FeedEvent => event !== null),
          ),
        }
      : data,
  );
}

export const patchFeedEvent = (
  queryClient: QueryClient,
  id: number | undefined,
  patch: (event: FeedEvent) => Partial<FeedEvent>,
) => updateFeedEvents(queryClient, (event) => (event.id === id ? { ...event, ...patch(event) } : event));

export function invalidateFeeds(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: [f.getEvents.path] });
}

export function useSetFeedFilter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (filter: number) => callOne(u.setFeedFilter, { filter }),
    onMutate: (filter) =>
      queryClient.setQueryData<FeedSettings>(feedSettingsKey, (s) => (s ? { ...s, filter } : s)),
    // Remembering is a convenience: a failure must not nag while the member reads.
    meta: { silent: true },
  });
}

export function useAllowNsfw() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (allow: boolean) => callOne(f.allowNSFW, { filter: allow }),
    onSuccess: (_ok, allowNSFW) => {
      queryClient.setQueryData<FeedSettings>(feedSettingsKey, (s) => (s ? { ...s, allowNSFW } : s));
      invalidateFeeds(queryClient);
    },
  });
}

export type EventRef = Pick<FeedEvent, 'id' | 'userId' | 'postId' | 'type' | 'creationTime'>;

export function useDeleteEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (event: EventRef) =>
      callOne(f.deleteEvent, {
        userId: event.userId ?? 0,
        postId: event.postId || undefined,
        type: event.type ?? 0,
        eventTimestamp: event.creationTime ?? 0,
        eventId: event.id,
      }),
    onSuccess: (_ok, event) => {
      // A deleted status takes the like cards quoting it along (the server dropped them too).
      const statusId = event.type === FeedEventType.STATUS_UPDATE ? event.postId : undefined;
      updateFeedEvents(queryClient, (e) =>
        e.id === event.id || (statusId !== undefined && e.status?.id === statusId) ? null : e,
      );
    },
  });
}

export function storeSeenEvents(ids: readonly number[]): Promise<unknown> {
  return call(f.storeSeenEvents, { postIds: [...ids] });
}

export type LikeParams = ParamsOf<typeof u.like>;

/** like.do or unlike.do; both answer the item's like count. */
export function sendLike(params: LikeParams, liked: boolean): Promise<number> {
  return callOne(liked ? u.like : u.unlike, params);
}

export function useItemLikes(params: Omit<LikeParams, 'content'>) {
  return useInfiniteQuery({
    queryKey: [...keyOf(u.getItemLikes, params), 'pages'],
    queryFn: ({ pageParam, signal }) =>
      call(u.getItemLikes, { ...params, page: pageParam, limit: LIKES_PAGE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.length >= LIKES_PAGE ? pages.length + 1 : undefined),
  });
}

export type PostRef = { isPhoto: boolean; postId: number; authorUserId: number };

export const commentsKey = (post: PostRef) => [...keyOf(a.getPostComments, post), 'pages'] as const;

/** All of a post's comments, oldest first, a page at a time ("see more"). */
export function usePostComments(post: PostRef, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: commentsKey(post),
    queryFn: ({ pageParam, signal }) =>
      call(a.getPostComments, { ...post, page: pageParam, limit: COMMENTS_PAGE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.length >= COMMENTS_PAGE ? pages.length + 1 : undefined),
    enabled,
  });
}

export function composeComment(post: PostRef, message: string): Promise<Comment> {
  return callOne(a.composeComment, { ...post, message });
}

export function deleteComment(post: PostRef, commentId: number): Promise<boolean> {
  return callOne(a.deleteComment, { ...post, commentId });
}

export type StatusParams = ParamsOf<typeof u.updateStatus>;

export function useUnreadNotifications(enabled = true) {
  return useQuery({
    queryKey: unreadKey,
    queryFn: ({ signal }) => callOne(u.getUnreadNotificationCount, {}, { signal }),
    enabled,
  });
}

export function useNotifications(enabled: boolean) {
  return useQuery({
    queryKey: notificationsKey,
    queryFn: ({ signal }) => call(u.getNotifications, { limit: NOTIFICATIONS_PAGE }, { signal }),
    enabled,
    staleTime: 0,
  });
}

/** The notifications page: every notification, newest first, a page at a time. */
export function useNotificationPages() {
  return useInfiniteQuery({
    queryKey: [...notificationsKey, 'pages'],
    queryFn: ({ pageParam, signal }) =>
      call(u.getNotifications, { page: pageParam, limit: NOTIFICATIONS_PAGE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.length >= NOTIFICATIONS_PAGE ? pages.length + 1 : undefined),
  });
}

/** Marks some (or, without ids, all) notifications read; the badge takes the server's count. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids?: number[]) => callOne(u.markNotificationsRead, ids ? { ids } : {}),
    onMutate: (ids) =>
      queryClient.setQueryData<Notification[]>(notificationsKey, (list) =>
        list?.map((n) => (!ids || ids.includes(n.id) ? { ...n, read: true } : n)),
      ),
    onSuccess: (unread) => queryClient.setQueryData(unreadKey, unread),
  });
}

export const guestbookKey = (profileId: number) =>
  [...keyOf(u.getGuestbookComments, { profileId }), 'pages'] as const;

export function useGuestbook(profileId: number) {
  return useInfiniteQuery({
    queryKey: guestbookKey(profileId),
    queryFn: ({ pageParam, signal }) =>
      call(u.getGuestbookComments, { profileId, page: pageParam, limit: COMMENTS_PAGE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.length >= COMMENTS_PAGE ? pages.length + 1 : undefined),
    retry: false,
  });
}

export function usePostGuestbook(profileId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ message, photoId }: { message: string; photoId?: number }) =>
      callOne(u.postGuestbookComment, photoId ? { profileId, message, photoId } : { profileId, message }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: guestbookKey(profileId) });
      invalidateFeeds(queryClient);
    },
    // The form shows the server's refusal (blocked, private) beside itself.
    meta: { silent: true },
  });
}

/** Plain calls of the feed and status areas, typed by the contract. */
export const getFeedEvents = /* @__PURE__ */ list(f.getEvents);
export const updateStatus = /* @__PURE__ */ one(u.updateStatus);
