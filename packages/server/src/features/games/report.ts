import type { Deps } from '../../deps';
import type { UserRow } from '../../http/context';
import { invalid, rateLimited } from '../../http/errors';
import { gameReportStore } from './store';

/** A member files at most this many game reports an hour (the same bound as ad reports). */
export const GAME_REPORTS_PER_HOUR = 20;
const HOUR = 3600_000;

/**
 * game/reportGame.do {message}: into the moderators' queue, where it shows with its words (the
 * queue's raw view) until games bring their own context (docs/moderation.md).
 */
export function gameReports(deps: Pick<Deps, 'db' | 'limiter'>) {
  const store = gameReportStore(deps.db);
  return {
    async report(viewer: UserRow, message: string, gameId?: number): Promise<boolean> {
      const words = message.trim();
      if (!words) throw invalid('message', 'validation.required');
      const decision = await deps.limiter.hit(`reportGame:${viewer.id}`, GAME_REPORTS_PER_HOUR, HOUR);
      if (!decision.allowed) throw rateLimited(decision.retryAfterMs);
      await store.insertReport({ reporter: viewer.id, message: words, gameId, now: Date.now() });
      return true;
    },
  };
}
