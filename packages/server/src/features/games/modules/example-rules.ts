/**
 * The example game's rules (games-sdk README's "tap as fast as you can for 10 seconds"): pure, so
 * the game's page can bundle them too. A human taps at most TAPS_PER_SECOND_MAX times a second.
 */
export const EXAMPLE_ROUND_SECONDS = 10;
export const TAPS_PER_SECOND_MAX = 15;
/** One tap scores this many points. */
export const POINTS_PER_TAP = 10;

/** Whether a round's score is one a person could make: whole taps, within the human pace. */
export function isPossibleExampleScore(score: number): boolean {
  return (
    Number.isInteger(score) &&
    score >= 0 &&
    score % POINTS_PER_TAP === 0 &&
    score <= EXAMPLE_ROUND_SECONDS * TAPS_PER_SECOND_MAX * POINTS_PER_TAP
  );
}

/** A round's state as the server keeps it when moves are sent one by one. */
export interface ExampleRound {
  taps: number;
  startedAt: number;
}

/** A tap at `at` (epoch ms): counted within the round, refused after it or faster than humanly. */
export function applyExampleTap(round: ExampleRound, at: number): ExampleRound | null {
  const elapsed = at - round.startedAt;
  if (elapsed < 0 || elapsed > EXAMPLE_ROUND_SECONDS * 1000) return null;
  const allowed = Math.ceil((Math.max(elapsed, 1) / 1000) * TAPS_PER_SECOND_MAX);
  if (round.taps + 1 > allowed) return null;
  return { taps: round.taps + 1, startedAt: round.startedAt };
}
