import type { Deps } from '../../deps';
import { notificationUseCases } from '../notifications/notices';
import type { PeopleUseCases } from '../people/use-cases';
import { giftBoards } from './boards';
import { contestAdmin } from './contest-admin';
import { contestSettler } from './contest-settle';
import { contests } from './contests';
import { gems } from './gems';
import type { ConversationLines, RoomLines } from './outside';
import { spins } from './spin';

/** Rewards' use cases assembled for routes.ts and app.ts: leaderboards, contests, spins, gems (docs/rewards.md). */
export function rewardsUseCases(
  deps: Deps,
  people: PeopleUseCases,
  chat: RoomLines,
  messaging: ConversationLines,
) {
  const notices = notificationUseCases(deps);
  const settler = contestSettler({ deps, chat, notices });
  const contestCalls = contests(deps, people, chat, settler);
  return {
    boards: giftBoards(deps, people),
    contests: contestCalls,
    contestAdmin: contestAdmin(deps, contestCalls, chat, notices),
    settler,
    spins: spins(deps, people, { chat, messaging }),
    gems: gems(deps),
  };
}
export type RewardsUseCases = ReturnType<typeof rewardsUseCases>;
