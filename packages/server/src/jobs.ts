import type { Deps } from './deps';
import { startAccountPurge } from './features/accounts/deletion';
import { startBanExpiry } from './features/admin/bans';
import { ephemeralStore } from './features/ephemeral/store';
import { startEphemeralSweeper } from './features/ephemeral/sweeper';
import { startBirthdayJob } from './features/feed/log';
import { startGameTokenPrune } from './features/games/tokens';
import type { ContestSettler } from './features/rewards/contest-settle';
import { startContestExpiry } from './features/rewards/contest-settle';
import { startStorySweeper } from './features/stories/sweeper';
import { mediaStoreFor } from './media/storage';

type Log = Parameters<typeof startStorySweeper>[2];

/**
 * The background jobs of one instance: expired stories and view-once items, account purges, ended
 * bans and contests, today's birthdays. Each is safe with several instances running (their own
 * docs say how). Answers the function that stops them all, for the app's close.
 */
export function startJobs(deps: Deps, settler: ContestSettler, log: Log): () => void {
  const { config, db } = deps;
  const stops = [
    startStorySweeper(deps, config.storySweepMs, log),
    // View-once retention shares the stories' sweep period (STORY_SWEEP_MS).
    startEphemeralSweeper(ephemeralStore(db), mediaStoreFor(config), config.storySweepMs, log),
    startAccountPurge(deps, log),
    startBanExpiry(db, log),
    startContestExpiry(settler, config.contestExpiryMs, log),
    config.birthdayJob ? startBirthdayJob(db, log) : () => {},
    // Expired game tokens, hourly (docs/games.md, "Tokens").
    startGameTokenPrune(db, 3_600_000, log),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}
