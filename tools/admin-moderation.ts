import { setTimeout as sleep } from 'node:timers/promises';
import { ModerationAction, type StaffRole } from '@tertulia/contract';
import { loadConfig } from '../packages/server/src/config';
import { createDb, migrateToLatest, OTHER_PROCESSES_MS } from '../packages/server/src/db/index';
import { memberWritesOf } from '../packages/server/src/db/member-writes';
import { outboxWriter } from '../packages/server/src/effects/outbox';
import { createUnitOfWork } from '../packages/server/src/effects/unit-of-work';
import { banUseCases } from '../packages/server/src/features/admin/bans';
import { reportKinds } from '../packages/server/src/features/admin/kinds';
import { queueUseCases } from '../packages/server/src/features/admin/queue';
import { feedLog } from '../packages/server/src/features/feed/log';
import { ApiError } from '../packages/server/src/http/errors';
import { sessionService } from '../packages/server/src/http/session';
import { SessionCache } from '../packages/server/src/http/session-cache';
import { translate } from '../packages/server/src/i18n/messages';
import { mediaStoreFor } from '../packages/server/src/media/storage';
import { createVideoPipeline } from '../packages/server/src/media/video/pipeline';
import { localBus, redisBus } from '../packages/server/src/push/bus';
import { createEffects } from '../packages/server/src/push/effects';
import { createHub } from '../packages/server/src/push/hub';
import { shareMemberChanges } from '../packages/server/src/push/member-changes';
import { localPresence } from '../packages/server/src/push/presence';

/**
 * The admin area's actions for scripts (docs/moderation.md, "Operations"). Each runs the same use
 * case as the web page, as the admin named by `--by`, so each is checked the same way and written
 * to the audit log:
 *   ban NAME DAYS REASON... --by ADMIN     (DAYS 0: until lifted; sessions and sockets end)
 *   unban NAME --by ADMIN
 *   role NAME member|moderator|admin --by ADMIN
 *   verify NAME --by ADMIN
 *   resolve REPORT_ID dismiss|warn|remove|quarantine|gag|ban [REASON...] --by ADMIN
 *   quarantine REPORT_ID [REASON...] --by ADMIN   (resolve with quarantine: a reported photo)
 */
export const MODERATION_USAGE =
  'usage: npm run admin -- ban NAME DAYS REASON | unban NAME | role NAME member|moderator|admin | verify NAME | resolve REPORT_ID ACTION [REASON] | quarantine REPORT_ID [REASON]  (each with --by ADMIN)';

export const MODERATION_COMMANDS = ['ban', 'unban', 'role', 'verify', 'resolve', 'quarantine'];

const ROLES: StaffRole[] = ['member', 'moderator', 'admin'];
const ACTIONS = Object.values(ModerationAction) as string[];

export async function runModeration(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const at = args.indexOf('--by');
  const actorName = at >= 0 ? args[at + 1] : undefined;
  const [command, first, ...rest] = at >= 0 ? [...args.slice(0, at), ...args.slice(at + 2)] : args;
  if (!actorName || !first) throw new Error(MODERATION_USAGE);

  const config = loadConfig(env);
  const db = await createDb(config);
  // A ban on another instance: its sockets close through the bus (Redis), its cached rows drop.
  const bus = config.redisUrl ? await redisBus(config.redisUrl, `${config.redisPrefix}push`) : localBus();
  const sessions = sessionService(db, config);
  memberWritesOf(db).listen(shareMemberChanges(bus, new SessionCache(), () => console));
  const hub = createHub(bus, localPresence());
  const effects = createEffects(hub);
  // Its effects after commit: pushes through the bus; mail and Web Push wait in the outbox for a server.
  const unitOfWork = createUnitOfWork(db, { effects, outbox: outboxWriter(db) });
  const video = createVideoPipeline(db, config, mediaStoreFor(config), console);
  try {
    await migrateToLatest(db);
    const byName = (name: string) =>
      db.selectFrom('users').selectAll().where('name_lower', '=', name.toLowerCase()).executeTakeFirst();
    const actor = await byName(actorName);
    // The same rule as the web: only the team acts, only admins ban or change roles.
    if (!actor || !(actor.is_admin || actor.is_moderator))
      throw new Error(`"${actorName}" is not on the team`);
    const memberId = async (name: string) => {
      const row = await byName(name);
      if (!row) throw new Error(`no member named "${name}"`);
      return row.id;
    };
    const adminOnly = () => {
      if (!actor.is_admin) throw new Error(`"${actorName}" is not an admin`);
    };
    const bans = banUseCases({ db, sessions, hub, feedLog: feedLog(db, console) });
    const deps = { db, sessions, hub, effects, unitOfWork, video, config };

    let done: string;
    if (command === 'ban') {
      adminOnly();
      const days = Number(rest[0]);
      const reason = rest.slice(1).join(' ').trim();
      if (!Number.isInteger(days) || days < 0 || !reason) throw new Error(MODERATION_USAGE);
      await bans.ban(actor, { userId: await memberId(first), days, reason });
      done = `ban: ${first} ${days ? `for ${days} days` : 'until lifted'} (${reason})`;
    } else if (command === 'unban') {
      adminOnly();
      await bans.unban(actor, await memberId(first));
      done = `unban: ${first}`;
    } else if (command === 'role') {
      adminOnly();
      const role = rest[0] as StaffRole;
      if (!ROLES.includes(role)) throw new Error(MODERATION_USAGE);
      await bans.setRole(actor, await memberId(first), role);
      done = `role: ${first} is now ${role}`;
    } else if (command === 'verify') {
      await bans.verify(actor, await memberId(first));
      done = `verify: ${first}`;
    } else if (command === 'resolve' || command === 'quarantine') {
      const reportId = Number(first);
      const action = command === 'quarantine' ? 'quarantine' : rest.shift();
      if (!Number.isInteger(reportId) || !action || !ACTIONS.includes(action))
        throw new Error(MODERATION_USAGE);
      const queue = queueUseCases(deps, reportKinds(deps), bans);
      await queue.resolve(actor, {
        reportId,
        action: action as ModerationAction,
        reason: rest.join(' ').trim() || undefined,
      });
      done = `resolve: report ${reportId} ${action}`;
    } else throw new Error(MODERATION_USAGE);
    // A server on the same SQLite file sees another process's commit within OTHER_PROCESSES_MS.
    if (!config.redisUrl) await sleep(OTHER_PROCESSES_MS);
    return `${done} (by ${actor.name}, in the audit log)`;
  } catch (error) {
    // A use case's refusal carries a catalog key: the operator reads the member-facing text.
    if (error instanceof ApiError) throw new Error(translate('es', error.key, error.vars));
    throw error;
  } finally {
    await effects.close();
    await video.queue.close();
    await db.destroy();
    await bus.close();
  }
}
