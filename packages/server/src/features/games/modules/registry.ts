import { GameKind } from '@tertulia/contract';
import type { GameRow } from '../catalogue-store';
import { callesModule } from './calles';
import { cuatroModule } from './cuatro';
import { exampleModule } from './example';
import { palabraModule } from './palabra';
import type { GameModule } from './types';

/** Built-in games with a server side. A new game of ours adds its module to this list. */
export const BUILTIN_MODULES: GameModule[] = [
  exampleModule as GameModule,
  callesModule,
  cuatroModule as GameModule,
  palabraModule,
];

/** Finds a built-in game's module by its slug; external games never have one. */
export function gameModules(modules: GameModule[] = BUILTIN_MODULES) {
  const bySlug = new Map(modules.map((m) => [m.slug, m]));
  if (bySlug.size !== modules.length) throw new Error('two game modules share a slug');
  return {
    forGame(game: Pick<GameRow, 'kind' | 'slug'>): GameModule | undefined {
      return game.kind === GameKind.BUILTIN && game.slug ? bySlug.get(game.slug) : undefined;
    },
    all: () => [...modules],
  };
}
export type GameModules = ReturnType<typeof gameModules>;
