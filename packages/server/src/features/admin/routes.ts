import { ANALYTICS_BATCH_SIZE, api } from '@tertulia/contract';
import type { Deps } from '../../deps';
import { me } from '../../http/context';
import { bind } from '../../http/contract-routes';
import { rateLimited } from '../../http/errors';
import { banUseCases } from './bans';
import { dailyStatsUseCases } from './daily';
import { intakeOf } from './events';
import { reportKinds } from './kinds';
import { memberUseCases } from './members';
import { queueUseCases } from './queue';
import { vitalsUseCases } from './vitals';

/** The admin area's calls; the contract's auth rule (staff or admin) is checked before each. */
export function adminRoutes(deps: Deps) {
  const a = api.admin;
  const bans = banUseCases(deps);
  const queue = queueUseCases(deps, reportKinds(deps), bans);
  const members = memberUseCases(deps, queue);
  const stats = dailyStatsUseCases(deps.db);
  const intake = intakeOf(deps.db);
  const vitals = vitalsUseCases(deps.db);
  const { errorSampleRate, release } = deps.config;
  return [
    bind(a.getDashboard, () => members.dashboard()),
    bind(a.findMembers, (p) => members.find({ query: p.query, page: p.page ?? 1, limit: p.limit ?? 20 })),
    bind(a.getMember, (p) => members.member(p.userId)),
    bind(a.banMember, (p, ctx) => bans.ban(me(ctx), p)),
    bind(a.unbanMember, (p, ctx) => bans.unban(me(ctx), p.userId)),
    bind(a.setRole, (p, ctx) => bans.setRole(me(ctx), p.userId, p.role)),
    bind(a.verifyMember, (p, ctx) => bans.verify(me(ctx), p.userId)),
    // The people area's older ban call: the same use case, so it is audited like every other action.
    bind(api.people.banUser, (p, ctx) => bans.ban(me(ctx), { userId: p.userId, days: 0 })),
    bind(a.getReports, (p) =>
      queue.list({ status: p.status, kind: p.kind, page: p.page ?? 1, limit: p.limit ?? 20 }),
    ),
    bind(a.resolveReport, (p, ctx) => queue.resolve(me(ctx), p)),
    bind(a.getDailyStats, (p) => stats.series(p.days ?? 30)),
    bind(a.getTopErrors, (p) => stats.topErrors(p.days ?? 30)),
    bind(a.getWebVitals, (p) => vitals.p75(p.days ?? 30)),
    bind(api.analytics.sendEvents, async (p, ctx) => {
      await limitEvents(deps, ctx.user ? `u:${ctx.user.id}` : `ip:${ctx.ip}`);
      return intake.accept(ctx.user, p);
    }),
    bind(api.analytics.getConfig, () => ({ errorSampleRate, release, batchMax: ANALYTICS_BATCH_SIZE })),
    bind(a.getAuditLog, (p) =>
      members.auditLog({ before: p.before, page: p.page ?? 1, limit: p.limit ?? 50 }),
    ),
  ];
}

/** Batches a client may send a minute: a page sends one every few seconds at most. */
const BATCHES_PER_MINUTE = 120;

async function limitEvents(deps: Pick<Deps, 'limiter'>, who: string) {
  const decision = await deps.limiter.hit(`analytics:${who}`, BATCHES_PER_MINUTE, 60_000);
  if (!decision.allowed) throw rateLimited(decision.retryAfterMs);
}
