import type { CuatroMatch } from '@tertulia/contract';
import type { AfterCommit, Recipients } from '../../../effects/unit-of-work';

/** The live event every change of a match sends its players and spectators (docs/cuatro.md). */
export const MATCH_EVENT = 'match';

/** Publishes the match as a game event on the recipients' push channels, after commit. */
export function publishMatch(after: AfterCommit, userIds: Recipients, gid: number, match: CuatroMatch) {
  // Until the games kit's publishGameEvent lands: the same push shape it sends.
  after.publish(userIds, { type: 'gameEvent', gid, name: MATCH_EVENT, data: match } as never);
}
