import { setTimeout as sleep } from 'node:timers/promises';
import { BROADCAST_ID_PATTERN } from '@tertulia/contract';
import { loadConfig } from '../packages/server/src/config';
import { createDb, migrateToLatest, OTHER_PROCESSES_MS } from '../packages/server/src/db/index';
import { outboxWriter } from '../packages/server/src/effects/outbox';
import { createUnitOfWork } from '../packages/server/src/effects/unit-of-work';
import { feedLog } from '../packages/server/src/features/feed/log';
import { watchAccess } from '../packages/server/src/features/live/access';
import { broadcastUseCases } from '../packages/server/src/features/live/broadcasts';
import { broadcastEnding } from '../packages/server/src/features/live/ending';
import { liveStore } from '../packages/server/src/features/live/store';
import { ApiError } from '../packages/server/src/http/errors';
import { translate } from '../packages/server/src/i18n/messages';
import { localRateLimiter } from '../packages/server/src/limits/rate-limiter';
import { localBus, redisBus } from '../packages/server/src/push/bus';
import { createEffects } from '../packages/server/src/push/effects';
import { createHub } from '../packages/server/src/push/hub';
import { localPresence } from '../packages/server/src/push/presence';

/**
 * Live broadcasts for operators (docs/live.md, "Ending"): the admin page's use case
 * (admin/endBroadcast.do), as the admin named by `--by`, written to the audit log:
 *   live end BROADCAST_ID|USERNAME --by ADMIN
 * With Redis the streamer's ingest and the viewers hear the end at once; on one SQLite machine
 * without Redis the ingest stops on its next segment (about a second) and viewers' players
 * reach the playlist's end.
 */
export const LIVE_USAGE = 'usage: npm run admin -- live end BROADCAST_ID|USERNAME --by ADMIN';

const BROADCAST_ID = new RegExp(BROADCAST_ID_PATTERN);

export async function runLive(argv: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const at = argv.indexOf('--by');
  const actorName = at >= 0 ? argv[at + 1] : undefined;
  const [command, target] = at >= 0 ? [...argv.slice(0, at), ...argv.slice(at + 2)] : argv;
  if (command !== 'end' || !target || !actorName) throw new Error(LIVE_USAGE);

  const config = loadConfig(env);
  const db = await createDb(config);
  // liveEnded reaches the streamer's ingest and the viewers on every instance through Redis.
  const bus = config.redisUrl ? await redisBus(config.redisUrl, `${config.redisPrefix}push`) : localBus();
  const effects = createEffects(createHub(bus, localPresence()));
  const unitOfWork = createUnitOfWork(db, { effects, outbox: outboxWriter(db) });
  try {
    await migrateToLatest(db);
    const byName = (name: string) =>
      db.selectFrom('users').selectAll().where('name_lower', '=', name.toLowerCase()).executeTakeFirst();
    const actor = await byName(actorName);
    if (!actor?.is_admin) throw new Error(`"${actorName}" is not an admin`);
    const store = liveStore(db);
    // A member's name, or a broadcast id (16 base64url characters; a name may look like one).
    const member = await byName(target);
    const broadcastId = member
      ? (await store.onAir(member.id))?.broadcast_id
      : BROADCAST_ID.test(target)
        ? target
        : undefined;
    if (!broadcastId)
      throw new Error(member ? `"${target}" is not on air` : `no broadcast or member "${target}"`);

    const deps = { db, config, unitOfWork, limiter: localRateLimiter(), feedLog: feedLog(db, console) };
    const broadcasts = broadcastUseCases(deps, watchAccess(db), broadcastEnding(deps));
    const ended = await broadcasts.adminEnd(actor, { broadcastId });
    // A server on the same SQLite file sees another process's commit within OTHER_PROCESSES_MS.
    if (!config.redisUrl) await sleep(OTHER_PROCESSES_MS);
    return ended
      ? `live end: ${broadcastId} (by ${actor.name}, in the audit log)`
      : `live end: ${broadcastId} had already ended`;
  } catch (error) {
    // The use case's refusal carries a catalog key: the operator reads the member-facing text.
    if (error instanceof ApiError) throw new Error(translate('es', error.key, error.vars));
    throw error;
  } finally {
    await effects.close();
    await db.destroy();
    await bus.close();
  }
}
