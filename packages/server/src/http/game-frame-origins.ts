import type { Db } from '../db/index';
import { gameOriginsStore } from './game-origins-store';

/** How often the page CSP's frame-src learns of games registered or retired (on any instance). */
export const GAME_ORIGINS_REFRESH_MS = 30_000;

/**
 * The registered external games' origins for the pages' `frame-src` (security-headers.ts,
 * docs/games-container.md): read at start and every GAME_ORIGINS_REFRESH_MS, so the header stays
 * a synchronous lookup. `current()` keeps returning the same array until the list changes.
 */
export function gameFrameOrigins(db: Db, log: (error: unknown) => void) {
  const store = gameOriginsStore(db);
  let origins: readonly string[] = [];
  const refresh = async () => {
    try {
      const next = await store.externalOrigins();
      if (next.join(' ') !== origins.join(' ')) origins = next;
    } catch (error) {
      // A failed read keeps the last list: pages stay framable as they were.
      log(error);
    }
  };
  const timer = setInterval(() => void refresh(), GAME_ORIGINS_REFRESH_MS);
  timer.unref();
  return {
    current: () => origins,
    refresh,
    stop: () => clearInterval(timer),
  };
}
