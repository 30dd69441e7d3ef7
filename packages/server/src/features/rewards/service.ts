import type { Deps } from '../../deps';
import type { PeopleService } from '../people/service';
import { giftBoards } from './boards';
import { gems } from './gems';
import { spins } from './spin';

/** Rewards' use cases assembled for routes.ts: leaderboards, spins, gems (docs/rewards.md). */
export function rewardsService(deps: Deps, people: PeopleService) {
  return {
    boards: giftBoards(deps, people),
    spins: spins(deps, people),
    gems: gems(deps),
  };
}
export type RewardsService = ReturnType<typeof rewardsService>;
