import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  api,
  type Contest,
  type Gems,
  type LeaderboardEntry,
  type ParamsOf,
  type Spin,
} from '@tertulia/contract';
import { call, callOne } from '../client';
import { type IdempotencyKeys, type Unkeyed, useIdempotencyKey } from '../useIdempotencyKey';
import { goldKey } from './gift';

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

/** A member's all-time score and rank on the gifters or receivers board (gift/getLeaderboardScore.do). */
export function useLeaderboardScore(userId: number | undefined, type: BoardParams['type']) {
  return useQuery({
    queryKey: [r.getLeaderboardScore.path, userId, type],
    queryFn: ({ signal }) =>
      call(r.getLeaderboardScore, { userId: userId!, type }, { signal }) as Promise<LeaderboardEntry[]>,
    enabled: userId !== undefined,
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
  const keys = useIdempotencyKey();
  return useMutation({
    mutationFn: (p: Unkeyed<typeof r.spin>): Promise<Spin> => callOne(r.spin, keys.withKey(p)),
    onSuccess: (_spin, p) => keys.succeeded(p),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: gemsKey });
    },
  });
}

export function useGems() {
  return useQuery({ queryKey: gemsKey, queryFn: ({ signal }) => callOne(r.getGems, {}, { signal }) });
}

/** One exchange per intended offer: its key makes a retried request exchange once. */
export function useExchangeGems() {
  const queryClient = useQueryClient();
  const keys = useIdempotencyKey();
  return useMutation({
    mutationFn: (offer: ParamsOf<typeof r.exchangeGems>['offer']): Promise<Gems> =>
      callOne(r.exchangeGems, keys.withKey({ offer })),
    onSuccess: (gems, offer) => {
      keys.succeeded({ offer });
      queryClient.setQueryData(gemsKey, gems);
    },
  });
}

export const contestsKey = [r.getContests.path] as const;
const contestKey = (id: number) => [r.getContest.path, id] as const;

export function useContests() {
  return useQuery({
    queryKey: contestsKey,
    queryFn: ({ signal }) => call(r.getContests, { limit: 50 }, { signal }) as Promise<Contest[]>,
  });
}

export function useContest(id: number) {
  return useQuery({
    queryKey: contestKey(id),
    queryFn: ({ signal }) => callOne(r.getContest, { contestId: id }, { signal }),
    enabled: id > 0,
  });
}

/** Enter and redeem answer the contest as it is now: it replaces the cached one. */
function useContestWrite(write: (contestId: number, keys: IdempotencyKeys) => Promise<Contest>) {
  const queryClient = useQueryClient();
  const keys = useIdempotencyKey();
  return useMutation({
    mutationFn: (contestId: number): Promise<Contest> => write(contestId, keys),
    onSuccess: (contest, contestId) => {
      keys.succeeded({ contestId });
      queryClient.setQueryData(contestKey(contest.id), contest);
      void queryClient.invalidateQueries({ queryKey: contestsKey });
      void queryClient.invalidateQueries({ queryKey: gemsKey });
      // A prize in gold shows in the header's balance at once.
      void queryClient.invalidateQueries({ queryKey: goldKey });
    },
  });
}
export const useEnterContest = () => useContestWrite((contestId) => callOne(r.enterContest, { contestId }));
/** Redeeming moves a prize: it carries the key of this intended redemption. */
export const useRedeemReward = () =>
  useContestWrite((contestId, keys) => callOne(r.redeemReward, keys.withKey({ contestId })));

/** Admins: an edit or a cancel answers the contest as it is now, like enter and redeem. */
export function useEditContest() {
  const queryClient = useQueryClient();
  const keys = useIdempotencyKey();
  return useMutation({
    mutationFn: (p: Unkeyed<typeof r.editContest>): Promise<Contest> =>
      callOne(r.editContest, keys.withKey(p)),
    // The form shows the refusal next to its fields.
    meta: { silent: true },
    onSuccess: (contest, p) => {
      keys.succeeded(p);
      queryClient.setQueryData(contestKey(contest.id), contest);
      void queryClient.invalidateQueries({ queryKey: contestsKey });
    },
  });
}

export function useCancelContest() {
  const queryClient = useQueryClient();
  const keys = useIdempotencyKey();
  return useMutation({
    mutationFn: (contestId: number): Promise<Contest> =>
      callOne(r.cancelContest, keys.withKey({ contestId })),
    onSuccess: (contest, contestId) => {
      keys.succeeded({ contestId });
      queryClient.setQueryData(contestKey(contest.id), contest);
      void queryClient.invalidateQueries({ queryKey: contestsKey });
    },
  });
}

export function useCreateContest() {
  const queryClient = useQueryClient();
  const keys = useIdempotencyKey();
  return useMutation({
    mutationFn: (p: Unkeyed<typeof r.createContest>): Promise<Contest> =>
      callOne(r.createContest, keys.withKey(p)),
    onSuccess: (_contest, p) => {
      keys.succeeded(p);
      return queryClient.invalidateQueries({ queryKey: contestsKey });
    },
  });
}

/** A spin bought for another member; one key per intended send, so a retried request sends one. */
export function useSendSpin() {
  const queryClient = useQueryClient();
  const keys = useIdempotencyKey();
  return useMutation({
    mutationFn: (p: Unkeyed<typeof r.sendSpin>): Promise<Spin> => callOne(r.sendSpin, keys.withKey(p)),
    onSuccess: (_spin, p) => {
      keys.succeeded(p);
      return queryClient.invalidateQueries({ queryKey: goldKey });
    },
  });
}
