import {
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api, type Endpoint, type ParamsOf, type User } from '@tertulia/contract';
import { call, callOne } from '../client';
import { keyOf } from '../query';
import { one } from './define';
import { useRecommendations } from './suggestions';
import { sessionKey } from './user';

// Apart in suggestions.ts: the member home shows them on the first screen.
export { useRecommendations };

/** Hooks of the people area: profiles, safety, visits, search, verification. */

export const userKey = (uid: number) => keyOf(api.people.getUserById, { userId: uid });

/** A member as the caller may see them; `placeholder` shows what a list already knew meanwhile. */
export function useUser(uid: number, options: { enabled?: boolean; placeholder?: User } = {}) {
  return useQuery({
    queryKey: userKey(uid),
    queryFn: ({ signal }) => callOne(api.people.getUserById, { userId: uid }, { signal }),
    enabled: (options.enabled ?? true) && uid > 0,
    placeholderData: options.placeholder,
  });
}

/** Changes one member's cached User (profile page, cards) and the session when it is the caller. */
export function patchUser(queryClient: QueryClient, uid: number, patch: Partial<User>): void {
  queryClient.setQueryData<User>(userKey(uid), (user) => (user ? { ...user, ...patch } : user));
  queryClient.setQueryData<User | null>(sessionKey, (me) =>
    me && me.uid === uid ? { ...me, ...patch } : me,
  );
}

/** After an edit or upload the server's User is the truth for the profile and the session. */
export function adoptOwnUser(queryClient: QueryClient, user: User): void {
  queryClient.setQueryData<User>(userKey(user.uid), (old) => ({ ...old, ...user }));
  queryClient.setQueryData<User | null>(sessionKey, (me) => (me ? { ...me, ...user } : me));
}

export type ProfileChanges = ParamsOf<typeof api.people.updateProfile>;

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: ProfileChanges) => callOne(api.people.updateProfile, changes),
    onSuccess: (user) => adoptOwnUser(queryClient, user),
    // The edit form shows the error beside the fields.
    meta: { silent: true },
  });
}

/** Records a visit to someone else's profile; the owner gets a profileVisit push. */
export function visitProfile(uid: number): Promise<unknown> {
  return call(api.people.updateProfileVisit, { profileOwnerId: uid });
}

/**
 * The profile song and video (user/setProfileSong.do, setProfileVideo.do and their removals;
 * docs/profile-media.md). The answer is the truth about them: a removed one must not linger in
 * the cache, so its fields are named even when absent.
 */
export function useProfileMedia() {
  const queryClient = useQueryClient();
  const adopt = (user: User) =>
    adoptOwnUser(queryClient, {
      ...user,
      song: user.song,
      songUrl: user.songUrl,
      profileVideo: user.profileVideo,
    });
  const m = api.people;
  return {
    setSong: useMutation({
      mutationFn: (p: { song: Blob; title?: string }) => callOne(m.setProfileSong, p),
      onSuccess: adopt,
    }),
    removeSong: useMutation({ mutationFn: () => callOne(m.removeProfileSong, {}), onSuccess: adopt }),
    setVideo: useMutation({
      mutationFn: (video: Blob) => callOne(m.setProfileVideo, { video }),
      onSuccess: adopt,
    }),
    removeVideo: useMutation({ mutationFn: () => callOne(m.removeProfileVideo, {}), onSuccess: adopt }),
  };
}

export function useBlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uid, block }: { uid: number; block: boolean }) =>
      callOne(block ? api.people.blockUser : api.people.unblockUser, { userId: uid }),
    onSuccess: (_ok, { uid, block }) => {
      patchUser(queryClient, uid, { isBlocked: block });
      void queryClient.invalidateQueries({ queryKey: keyOf(api.people.getBlockedUsers) });
    },
  });
}

export function useReportUser() {
  return useMutation({
    mutationFn: (params: ParamsOf<typeof api.people.reportUser>) => callOne(api.people.reportUser, params),
    // The report dialog shows the failure in its own error area.
    meta: { silent: true },
  });
}

export function useBanUser() {
  return useMutation({
    mutationFn: (uid: number) => callOne(api.people.banUser, { userId: uid }),
  });
}

/** Admins: flag a profile or mark it as a fan profile or featured artist; the answer is the member. */
export function useSetMemberFlags() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (params: ParamsOf<typeof api.people.setMemberFlags>) =>
      callOne(api.people.setMemberFlags, params),
    onSuccess: (user) => patchUser(queryClient, user.uid, user),
  });
}

export function pledge(): Promise<boolean> {
  return callOne(api.people.pledge, {});
}

type SearchResult = { searchResults: unknown[]; totalNumberResults: number };

/** The page after `pages`, or none when the total is reached or a page came back empty. */
export function nextPage(pages: SearchResult[], limit: number) {
  const last = pages.at(-1);
  if (!last || last.searchResults.length === 0) return undefined;
  const seen = pages.reduce((sum, page) => sum + page.searchResults.length, 0);
  return seen < last.totalNumberResults && last.searchResults.length >= limit ? pages.length + 1 : undefined;
}

/** Pages of an ApiSearchResult endpoint for an infinite list; `params: null` waits. */
export function useSearchPages<E extends Endpoint>(endpoint: E, params: ParamsOf<E> | null, limit = 20) {
  return useInfiniteQuery({
    queryKey: [...keyOf(endpoint, params ?? undefined), 'pages', limit],
    queryFn: ({ pageParam, signal }) =>
      callOne(endpoint, { ...(params as ParamsOf<E>), page: pageParam, limit }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (_last, pages) => nextPage(pages as unknown as SearchResult[], limit),
    enabled: params !== null,
  });
}

/** Quick search by name for the autocomplete: a handful of members. */
export async function findByName(name: string, signal: AbortSignal, limit = 8): Promise<User[]> {
  const [result] = await call(api.people.findUsersByName, { name, limit }, { signal });
  return result?.searchResults ?? [];
}

export const blockedKey = keyOf(api.people.getBlockedUsers);

export function useBlockedUsers(limit = 50) {
  return useInfiniteQuery({
    queryKey: [...blockedKey, 'pages'],
    queryFn: ({ pageParam, signal }) =>
      call(api.people.getBlockedUsers, { page: pageParam, limit }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.length >= limit ? pages.length + 1 : undefined),
  });
}

export function useSendVerification() {
  return useMutation({
    mutationFn: () => callOne(api.people.sendVerification, {}),
    meta: { silent: true },
  });
}

export function verifyToken(token: string) {
  return callOne(api.people.verify, { token });
}

const relationshipRequestsKey = keyOf(api.people.getRelationshipRequests);

/** Members who named the caller as their partner and wait for an answer (own profile). */
export function useRelationshipRequests(enabled: boolean) {
  return useQuery({
    queryKey: relationshipRequestsKey,
    queryFn: ({ signal }) => call(api.people.getRelationshipRequests, {}, { signal }),
    enabled,
  });
}

export function useAnswerRelationship() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: { userId: number; accept: boolean }) =>
      callOne(api.people.answerRelationship, answer),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: relationshipRequestsKey });
      void queryClient.invalidateQueries({ queryKey: sessionKey });
      void queryClient.invalidateQueries({ queryKey: keyOf(api.people.getUserById) });
    },
  });
}

/** Plain calls of the people area, typed by the contract. */
export const updateProfile = /* @__PURE__ */ one(api.people.updateProfile);
export const dismissTip = /* @__PURE__ */ one(api.people.dismissTip);
export const setFont = /* @__PURE__ */ one(api.people.setFont);
export const setBackgroundPhoto = /* @__PURE__ */ one(api.people.setBackgroundPhoto);
