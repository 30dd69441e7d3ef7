import { api } from '@tertulia/contract';
import type { Deps } from '../../deps';
import { me } from '../../http/context';
import { bind } from '../../http/contract-routes';
import type { RewardsUseCases } from './use-cases';

/** Leaderboards, contests, spins and gems: api.rewards (the gift/ area). */
export function rewardsRoutes(_deps: Deps, rewards: RewardsUseCases) {
  const { boards, contests, contestAdmin, spins, gems } = rewards;
  const r = api.rewards;
  return [
    bind(r.getLeaderboard, (p, ctx) => boards.leaderboard(me(ctx), p)),
    bind(r.getLeaderboardScore, (p, ctx) => boards.score(me(ctx), p)),
    bind(r.getLimitedTimeLeaderboards, (p) => boards.limitedTime(p)),
    bind(r.createLimitedTimeLeaderboard, (p, ctx) => boards.createEvent(me(ctx), p)),
    bind(r.getContest, (p, ctx) => contests.get(me(ctx), p)),
    bind(r.getContests, (p, ctx) => contests.list(me(ctx), p)),
    bind(r.enterContest, (p, ctx) => contests.enter(me(ctx), p)),
    bind(r.redeemReward, (p, ctx) => contests.redeem(me(ctx), p)),
    bind(r.createContest, (p, ctx) => contests.create(me(ctx), p)),
    bind(r.editContest, (p, ctx) => contestAdmin.edit(me(ctx), p)),
    bind(r.cancelContest, (p, ctx) => contestAdmin.cancel(me(ctx), p)),
    bind(r.getSpin, (_p, ctx) => spins.status(me(ctx))),
    bind(r.spin, (p, ctx) => spins.spin(me(ctx), p)),
    bind(r.sendSpin, (p, ctx) => spins.send(me(ctx), p)),
    bind(r.getGems, (_p, ctx) => gems.get(me(ctx))),
    bind(r.exchangeGems, (p, ctx) => gems.exchange(me(ctx), p)),
  ];
}
