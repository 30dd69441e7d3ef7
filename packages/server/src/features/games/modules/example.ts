import { EXAMPLE_GAME } from '@tertulia/contract';
import { applyExampleTap, type ExampleRound, isPossibleExampleScore } from './example-rules';
import type { GameModule } from './types';

/** The example game's server side: the proof that a built-in game plugs in as a module. */
export const exampleModule: GameModule<ExampleRound, { at: number }> = {
  slug: EXAMPLE_GAME.slug,
  rules: { isPossibleExampleScore, applyExampleTap },
  checkScore: ({ score }) => (isPossibleExampleScore(score) ? null : 'not a possible round'),
  initialState: () => ({ taps: 0, startedAt: Date.now() }),
  applyMove: (state, move) => {
    const next = applyExampleTap(state, move.at);
    return next ? { state: next } : { refused: 'tap outside the round or too fast' };
  },
};
