import { api } from '@tertulia/contract';
import type { Deps } from '../../deps';
import { me } from '../../http/context';
import { bind } from '../../http/contract-routes';
import { peopleService } from '../people/service';
import { rewardsService } from './service';

/** Leaderboards, spins and gems: api.rewards (the gift/ area). */
export function rewardsRoutes(deps: Deps) {
  const { boards, spins, gems } = rewardsService(deps, peopleService(deps));
  const r = api.rewards;
  return [
    bind(r.getLeaderboard, (p, ctx) => boards.leaderboard(me(ctx), p)),
    bind(r.getLeaderboardScore, (p, ctx) => boards.score(me(ctx), p)),
    bind(r.getLimitedTimeLeaderboards, (p) => boards.limitedTime(p)),
    bind(r.createLimitedTimeLeaderboard, (p, ctx) => boards.createEvent(me(ctx), p)),
    bind(r.getSpin, (_p, ctx) => spins.status(me(ctx))),
    bind(r.spin, (p, ctx) => spins.spin(me(ctx), p)),
    bind(r.sendSpin, (p, ctx) => spins.send(me(ctx), p)),
    bind(r.getGemExchange, (_p, ctx) => gems.get(me(ctx))),
    bind(r.exchangeGems, (p, ctx) => gems.exchange(me(ctx), p)),
  ];
}
