import { api } from '@tertulia/contract';
import type { Deps } from '../../deps';
import { bind } from '../../http/contract-routes';
import { broadcastUseCases } from './broadcasts';

export function liveRoutes(deps: Deps) {
  const calls = broadcastUseCases(deps);
  return [
    bind(api.live.getBroadcastId, (p, ctx) => calls.broadcastIdOf(p, ctx)),
    bind(api.live.startBroadcast, (_p, ctx) => calls.start(ctx)),
    bind(api.live.endBroadcast, (_p, ctx) => calls.end(ctx)),
  ];
}
