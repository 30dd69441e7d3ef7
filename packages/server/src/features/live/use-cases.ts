import type { Deps } from '../../deps';
import { peopleUseCases } from '../people/use-cases';
import { watchAccess } from './access';
import { broadcastUseCases } from './broadcasts';
import { broadcastEnding } from './ending';
import { liveStore } from './store';
import { viewerUseCases } from './viewers';
import { watchUseCases } from './watch';

/**
 * Live's use cases, assembled once for routes.ts, and for the stream code (features/live/stream):
 * `endBroadcast(broadcastId, 'dropped')` ends a broadcast whose streamer dropped (docs/live.md,
 * "Ports for the stream").
 */
export function liveUseCases(deps: Deps) {
  const access = watchAccess(deps.db);
  const ending = broadcastEnding(deps);
  const broadcasts = broadcastUseCases(deps, access, ending);
  const viewers = viewerUseCases(deps, access);
  const watch = watchUseCases(deps, access, viewers, ending, peopleUseCases(deps), broadcasts.refusal);
  return {
    access,
    broadcasts,
    viewers,
    watch,
    /** For the stream code: ends the broadcast if on air (true when this call ended it). */
    async endBroadcast(
      broadcastId: string,
      reason: 'dropped' | 'timeLimit' | 'admin' | 'streamer',
    ): Promise<boolean> {
      const row = await liveStore(deps.db).byPublicId(broadcastId);
      return row ? ending.endRow(row, reason) : false;
    },
  };
}
export type LiveUseCases = ReturnType<typeof liveUseCases>;
