import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Gems, type LeaderboardEntry, type ParamsOf, type Spin } from '@tertulia/contract';
import { call, callOne } from '../client';

/** Hooks of leaderboards, the daily spin and gems (api.rewards, docs/rewards.md). */

const r = api.rewards;
type BoardParams = ParamsOf<typeof r.getLeaderboard>;

export const boardKey = (p: BoardParams) => [r.getLeaderboard.path, p] as const;
export const spinKey = [r.getSpin.path] as const;
export const gemsKey = [r.getGems.path] as const;

export function useLeaderboard(p: BoardParams) {
  return useQuery({
    queryKey: boardKey(p),
    queryFn: ({ signal }) => call(r.getLeaderboard, p, { signal }) as Promise<LeaderboardEntry[]>,
  });
}

export function useLimitedTimeBoards() {
  return useQuery({
    queryKey: [r.getLimitedTimeLeaderboards.path],
    queryFn: ({ signal }) => call(r.getLimitedTimeLeaderboards, { limit: 10 }, { signal }),
  });
}

export function useSpinStatus() {
  return useQuery({ queryKey: spinKey, queryFn: ({ signal }) => callOne(r.getSpin, {}, { signal }) });
}

/** Spins (today's free spin, or a spin sent to the member); the server draws the prize. */
export function useSpin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (spinId?: number): Promise<Spin> => callOne(r.spin, spinId ? { spinId } : {}),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: gemsKey });
    },
  });
}

export function useGems() {
  return useQuery({ queryKey: gemsKey, queryFn: ({ signal }) => callOne(r.getGems, {}, { signal }) });
}

/** One exchange per click: the key makes a retried request exchange once. */
export function useExchangeGems() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (offer: ParamsOf<typeof r.exchangeGems>['offer']): Promise<Gems> =>
      callOne(r.exchangeGems, { offer, idempotencyKey: crypto.randomUUID() }),
    onSuccess: (gems) => queryClient.setQueryData(gemsKey, gems),
  });
}
