/**
 * Who may change a contest, and which changes it takes (docs/rewards.md, "Editing and cancelling").
 * Only admins manage contests, and only while the contest is open: not yet ended, not settled,
 * not cancelled. A rename and a new end (still in the future, after the start, within the longest
 * run) are fine any time before the end. Prizes change freely before the start; once the contest
 * runs, members already compete for them, so each place may only go up and no place may go away.
 */
export interface ContestState {
  starts_at: number;
  expires_at: number;
  settled_at: number | null;
  cancelled_at: number | null;
  prizes: string;
}

export type ContestRefusal =
  | 'rewards.contestCancelled'
  | 'rewards.contestEnded'
  | 'rewards.contestPrizesLowered';

export const mayManageContests = (viewer: { is_admin: number }) => viewer.is_admin === 1;

/** Why the contest can no longer be edited or cancelled, or undefined while it is open. */
export function contestClosed(c: ContestState, now: number): ContestRefusal | undefined {
  if (c.cancelled_at !== null) return 'rewards.contestCancelled';
  if (c.settled_at !== null || c.expires_at <= now) return 'rewards.contestEnded';
  return undefined;
}

/** Whether new prizes may replace the current ones at `now` (see the rule above). */
export function prizesMayChange(c: ContestState, next: number[], now: number): boolean {
  if (now < c.starts_at) return true;
  const current = c.prizes.split(',').map(Number);
  return next.length >= current.length && current.every((amount, i) => next[i] >= amount);
}
