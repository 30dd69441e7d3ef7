import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@tertulia/contract';
import { callOne } from '../client';
import { keyOf } from '../query';

/** Live broadcasts as far as reaching members goes: on air, off air, which one (docs/web-push.md). */

const l = api.live;
export const broadcastIdKey = (userId: number) => keyOf(l.getBroadcastId, { userId });

/** The member's broadcast on air now ('' when off air or not for the caller to watch). */
export function useBroadcastId(userId: number) {
  return useQuery({
    queryKey: broadcastIdKey(userId),
    queryFn: ({ signal }) => callOne(l.getBroadcastId, { userId }, { signal }),
    enabled: userId > 0,
    refetchInterval: 30_000,
  });
}

/** Going on air (`true`) or off air (`false`); the page's state follows the answer. */
export function useGoLive(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (on: boolean) => {
      if (on) return (await callOne(l.startBroadcast, {})).broadcast_id ?? '';
      await callOne(l.endBroadcast, {});
      return '';
    },
    onSuccess: (broadcastId) => queryClient.setQueryData(broadcastIdKey(userId), broadcastId),
  });
}
