import type { Deps } from '../../deps';
import { gameRooms } from '../chat/game-rooms';
import { gameAdmin } from './admin';
import { catalogueStore } from './catalogue-store';
import { BUILTIN_MODULES } from './modules/registry';
import type { GameModule } from './modules/types';

/**
 * Our own games in every install's catalogue (docs/games.md, "Game modules"): each module that
 * declares a `catalogue` entry gets it at start when it is missing. Run by the server's entry
 * (main.ts) and the demo, not by every app a test builds, so tests choose their own catalogue.
 */
export async function ensureBuiltinGames(
  db: Deps['db'],
  modules: GameModule[] = BUILTIN_MODULES,
): Promise<number[]> {
  const catalogue = catalogueStore(db);
  const admin = gameAdmin(catalogue, { revokeGame: async () => undefined }, gameRooms(db));
  const made: number[] = [];
  for (const m of modules) {
    if (m.catalogue && (await admin.ensureBuiltin(m.slug, m.catalogue))) made.push(m.catalogue.gid);
  }
  return made;
}
