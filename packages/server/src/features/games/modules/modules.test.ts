import { describe, expect, it } from 'vitest';
import { exampleModule } from './example';
import {
  applyExampleTap,
  isPossibleExampleScore,
  POINTS_PER_TAP,
  TAPS_PER_SECOND_MAX,
} from './example-rules';
import { gameModules } from './registry';

describe('game modules', () => {
  it('finds a built-in game’s module by slug, never an external game’s', () => {
    const modules = gameModules();
    expect(modules.forGame({ kind: 'builtin', slug: 'example' })).toBe(exampleModule);
    expect(modules.forGame({ kind: 'external', slug: 'example' })).toBeUndefined();
    expect(modules.forGame({ kind: 'builtin', slug: 'nope' })).toBeUndefined();
    expect(() => gameModules([exampleModule as never, exampleModule as never])).toThrow(/share a slug/);
  });

  it('the example’s score rule takes whole taps at a human pace', () => {
    expect(isPossibleExampleScore(0)).toBe(true);
    expect(isPossibleExampleScore(10 * TAPS_PER_SECOND_MAX * POINTS_PER_TAP)).toBe(true);
    expect(isPossibleExampleScore(10 * TAPS_PER_SECOND_MAX * POINTS_PER_TAP + POINTS_PER_TAP)).toBe(false);
    expect(isPossibleExampleScore(-10)).toBe(false);
    expect(isPossibleExampleScore(15)).toBe(false);
    expect(exampleModule.checkScore?.({ userId: 1, score: 15 }, { db: {} as never })).toBe(
      'not a possible round',
    );
    expect(exampleModule.checkScore?.({ userId: 1, score: 20 }, { db: {} as never })).toBeNull();
  });

  it('validates moves on the server: taps outside the round or too fast are refused', () => {
    const start = { taps: 0, startedAt: 1_000_000 };
    let round = start;
    for (let i = 0; i < TAPS_PER_SECOND_MAX; i++) {
      const next = applyExampleTap(round, start.startedAt + 1000);
      expect(next).not.toBeNull();
      round = next!;
    }
    expect(applyExampleTap(round, start.startedAt + 1000)).toBeNull(); // one more within the first second
    expect(applyExampleTap(round, start.startedAt + 11_000)).toBeNull(); // after the round
    expect(applyExampleTap(start, start.startedAt - 1)).toBeNull();
    const outcome = exampleModule.applyMove!(start, { at: start.startedAt + 500 }, { userId: 1 });
    expect(outcome).toEqual({ state: { taps: 1, startedAt: start.startedAt } });
  });
});
