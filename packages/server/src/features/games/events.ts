import type { AfterCommit, Recipients } from '../../effects/unit-of-work';

/**
 * A built-in game's live event to members (a move, a clock, a match's end): a `gameEvent` push on
 * their push channel, released after the write commits and carried across instances by the hub.
 * The game page forwards it to that game's frame only (`sdk.on(name, ...)`, docs/games.md).
 */
export function publishGameEvent(
  after: Pick<AfterCommit, 'publish'>,
  userIds: Recipients,
  gid: number,
  name: string,
  data: unknown,
): void {
  after.publish(userIds, { type: 'gameEvent', gid, name, data });
}
