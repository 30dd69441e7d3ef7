import { api } from '@tertulia/contract';
import type { Deps } from '../../deps';
import { me } from '../../http/context';
import { bind } from '../../http/contract-routes';
import { liveUseCases } from './use-cases';

export function liveRoutes(deps: Deps) {
  const live = liveUseCases(deps);
  // A viewer whose last socket closes, on any instance, stops watching (docs/live.md, "Viewers").
  deps.hub.onSocketClosed((userId) => live.viewers.socketClosed(userId));
  return [
    bind(api.live.getConfig, (_p, ctx) => live.watch.getConfig(ctx)),
    bind(api.live.getTopStreamers, (p, ctx) => live.watch.getTopStreamers(ctx, p)),
    bind(api.live.getActiveStreamers, (p, ctx) => live.watch.getActiveStreamers(ctx, p)),
    bind(api.live.getBroadcastId, (p, ctx) => live.broadcasts.broadcastIdOf(p, ctx)),
    bind(api.live.getBroadcast, (p, ctx) => live.watch.getBroadcast(ctx, p)),
    bind(api.live.startBroadcast, (p, ctx) => live.broadcasts.start(ctx, p)),
    bind(api.live.endBroadcast, (p, ctx) => live.broadcasts.end(ctx, p)),
    bind(api.live.joinBroadcast, (p, ctx) => live.viewers.join(me(ctx), p.broadcastId)),
    bind(api.live.leaveBroadcast, (p, ctx) => live.viewers.leave(me(ctx), p.broadcastId)),
    bind(api.liveAdmin.endBroadcast, (p, ctx) => live.broadcasts.adminEnd(me(ctx), p)),
  ];
}
