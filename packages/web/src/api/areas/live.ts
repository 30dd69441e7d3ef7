import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type LiveBroadcast } from '@tertulia/contract';
import { callOne } from '../client';
import { keyOf, listQuery } from '../query';
import { one } from './define';
import { invalidateStories } from './story';

/** Live broadcasts (docs/live.md): the config, on air and off, one broadcast, its viewers, the strip. */

const l = api.live;
export const broadcastIdKey = (userId: number) => keyOf(l.getBroadcastId, { userId });
export const broadcastKey = (broadcastId: string) => keyOf(l.getBroadcast, { broadcastId });
export const activeStreamersKey = keyOf(l.getActiveStreamers);

/** Joining answers the viewer count with the caller in it; leaving, the count without. */
export const joinBroadcast = /* @__PURE__ */ one(l.joinBroadcast);
export const leaveBroadcast = /* @__PURE__ */ one(l.leaveBroadcast);
/** Admins: end anyone's broadcast (its viewers are told). */
export const adminEndBroadcast = /* @__PURE__ */ one(api.liveAdmin.endBroadcast);

/** Whether live is on and whether the caller may go live now (the studio's first question). */
export function useLiveConfig() {
  return useQuery({
    queryKey: keyOf(l.getConfig),
    queryFn: ({ signal }) => callOne(l.getConfig, {}, { signal }),
    staleTime: 60_000,
  });
}

/** The member's broadcast on air now ('' when off air or not for the caller to watch). */
export function useBroadcastId(userId: number) {
  return useQuery({
    queryKey: broadcastIdKey(userId),
    queryFn: ({ signal }) => callOne(l.getBroadcastId, { userId }, { signal }),
    enabled: userId > 0,
    refetchInterval: 30_000,
  });
}

/** One broadcast as the watch page shows it; kept current by the page's pushes. */
export function useBroadcast(broadcastId: string) {
  return useQuery({
    queryKey: broadcastKey(broadcastId),
    queryFn: ({ signal }) => callOne(l.getBroadcast, { broadcastId }, { signal }),
    enabled: broadcastId !== '',
  });
}

/** Members on air now, for the home's live strip (refreshed while it shows). */
export function useActiveStreamers(limit = 20) {
  return useQuery({
    ...listQuery(l.getActiveStreamers, { limit }),
    queryKey: [...activeStreamersKey, limit],
    refetchInterval: 30_000,
  });
}

/** The rankings' periods of live/getTopStreamers.do (docs/live.md: the values are ours). */
export type TopPeriod = 'day' | 'week' | 'all';

/** Streamers by diamonds received in the period, most first (asked again on each showing: a gift moves it). */
export function useTopStreamers(period: TopPeriod, limit = 10) {
  return useQuery({ ...listQuery(l.getTopStreamers, { diamonds: period, limit }), staleTime: 0 });
}

/** Going on air with a title; answers the new broadcast's id (the one on air already, if any). */
export function useStartBroadcast(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: async (title: string) => (await callOne(l.startBroadcast, { title })).broadcast_id ?? '',
    onSuccess: (broadcastId) => queryClient.setQueryData(broadcastIdKey(userId), broadcastId),
  });
}

/** Going off air (the caller's own broadcast). */
export function useEndBroadcast(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callOne(l.endBroadcast, {}),
    onSuccess: () => {
      queryClient.setQueryData(broadcastIdKey(userId), '');
      void queryClient.invalidateQueries({ queryKey: activeStreamersKey });
    },
  });
}

/**
 * After the end: the member's last broadcast becomes a story of its last 30 seconds, while the
 * recording is still kept (LIVE_KEEP_MS); answers the story (processing, like an upload).
 */
export function useSaveBroadcastAsStory() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: () => callOne(l.saveBroadcastAsStory, {}),
    onSuccess: () => invalidateStories(queryClient),
  });
}

/** Applies a viewer count or an end pushed for the broadcast to the cached one. */
export function patchBroadcast(
  queryClient: ReturnType<typeof useQueryClient>,
  broadcastId: string,
  patch: Partial<LiveBroadcast>,
) {
  queryClient.setQueryData<LiveBroadcast>(broadcastKey(broadcastId), (held) =>
    held ? { ...held, ...patch } : held,
  );
}
