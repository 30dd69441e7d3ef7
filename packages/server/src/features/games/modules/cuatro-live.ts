import type { CuatroMatch } from '@tertulia/contract';
import type { AfterCommit, Recipients } from '../../../effects/unit-of-work';
import { publishGameEvent } from '../events';

/** The live event every change of a match sends its players and spectators (docs/cuatro.md). */
export const MATCH_EVENT = 'match';

/** The match on the recipients' push channels after commit (across instances through the hub). */
export function publishMatch(after: AfterCommit, userIds: Recipients, gid: number, match: CuatroMatch) {
  publishGameEvent(after, userIds, gid, MATCH_EVENT, match);
}
