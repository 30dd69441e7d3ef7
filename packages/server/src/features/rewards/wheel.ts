import { randomInt } from 'node:crypto';
import { type Gift, SPIN_WHEEL } from '@tertulia/contract';

const TOTAL_WEIGHT = SPIN_WHEEL.reduce((sum, s) => sum + s.weight, 0);

/**
 * Draws a wheel slot with the published weights (SPIN_WHEEL). `random(n)` answers an integer in
 * [0, n): crypto's by default, so nobody can predict a draw; tests pass a seeded one.
 */
export function drawSlot(random: (n: number) => number = randomInt): number {
  let ticket = random(TOTAL_WEIGHT);
  for (const s of SPIN_WHEEL) {
    if (ticket < s.weight) return s.slot;
    ticket -= s.weight;
  }
  throw new Error('the wheel weights do not add up');
}

/** A wheel slot as the Gift the Spin entity carries: the prize's amount as value, its currency as tag. */
export const prizeOf = (slot: number): Gift => {
  const s = SPIN_WHEEL[slot];
  return { id: slot + 1, value: s.amount, tag: s.currency, position: slot };
};
export const WHEEL = SPIN_WHEEL.map((s) => prizeOf(s.slot));
