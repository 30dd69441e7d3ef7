import type { Deps } from '../../deps';
import type { UserRow } from '../../http/context';
import { forbidden, notFound } from '../../http/errors';
import { translate } from '../../i18n/messages';
import { auditStore } from './audit-store';
import { bansStore } from './bans-store';
import { membersStore } from './members-store';

const DAY = 86_400_000;
/** How often an instance looks for timed bans that have ended. */
const EXPIRY_EVERY_MS = 60_000;

/**
 * Bans and roles (docs/moderation.md). A ban takes the member's sessions and open sockets on
 * every instance at once: the session rows go, the write to `users` drops every instance's
 * cached row (push/member-changes.ts), and the hub closes the sockets through the bus.
 */
export function banUseCases(deps: Pick<Deps, 'db' | 'sessions' | 'hub' | 'feedLog'>) {
  const store = { ...membersStore(deps.db), ...bansStore(deps.db), ...auditStore(deps.db) };

  async function target(viewer: UserRow, userId: number) {
    const row = await store.member(userId);
    if (!row) throw notFound('people.notFound');
    if (row.id === viewer.id) throw forbidden('admin.self');
    return row;
  }

  return {
    async ban(viewer: UserRow, p: { userId: number; reason?: string; days: number; reportId?: number }) {
      const row = await target(viewer, p.userId);
      if (row.is_admin || row.is_moderator) throw forbidden('admin.protected');
      const now = Date.now();
      const reason = p.reason?.trim() || translate('es', 'admin.banDefaultReason');
      const until = p.days > 0 ? now + p.days * DAY : 0;
      await deps.db.transaction().execute(async (trx) => {
        await store.ban(trx, row.id, { until, reason, now });
        await store.audit(trx, {
          actorId: viewer.id,
          action: 'ban',
          targetId: row.id,
          reportId: p.reportId,
          reason,
          details: { days: p.days, until },
          now,
        });
      });
      await deps.sessions.endAll(row.id);
      // Not a push: closing sockets now. A bus that is down must not undo the committed ban; the
      // hub's periodic session check closes them anyway (push/hub.ts).
      await deps.hub.disconnect([row.id]).catch(() => {});
      return true;
    },

    async unban(viewer: UserRow, userId: number) {
      const row = await store.member(userId);
      if (!row) throw notFound('people.notFound');
      await deps.db.transaction().execute(async (trx) => {
        await store.unban(trx, row.id);
        await store.audit(trx, { actorId: viewer.id, action: 'unban', targetId: row.id, now: Date.now() });
      });
      return true;
    },

    async setRole(viewer: UserRow, userId: number, role: 'member' | 'moderator' | 'admin') {
      const row = await target(viewer, userId);
      await deps.db.transaction().execute(async (trx) => {
        await store.setRole(trx, row.id, { admin: role === 'admin', moderator: role === 'moderator' });
        await store.audit(trx, {
          actorId: viewer.id,
          action: `role:${role}`,
          targetId: row.id,
          now: Date.now(),
        });
      });
      return true;
    },

    async verify(viewer: UserRow, userId: number) {
      const row = await store.member(userId);
      if (!row) throw notFound('people.notFound');
      await deps.db.transaction().execute(async (trx) => {
        await store.verify(trx, row.id);
        if (row.verified !== 1) await deps.feedLog.badge(trx, { kind: 'verified', userId: row.id });
        await store.audit(trx, { actorId: viewer.id, action: 'verify', targetId: row.id, now: Date.now() });
      });
      return true;
    },
  };
}

export type BanUseCases = ReturnType<typeof banUseCases>;

/**
 * The one lift of a timed ban that has ended, used by the expiry job and by login (which lifts
 * its own at once: features/accounts): conditional, so a login racing the job lifts and logs it
 * once, as the member's own 'ban-ended' (actor the member). Whether this call lifted it.
 */
export async function liftEndedBan(db: Deps['db'], userId: number, now = Date.now()): Promise<boolean> {
  const store = { ...bansStore(db), ...auditStore(db) };
  return db.transaction().execute(async (trx) => {
    if (!(await store.unbanEnded(trx, userId, now))) return false;
    await store.audit(trx, { actorId: userId, action: 'ban-ended', targetId: userId, now });
    return true;
  });
}

/** Lifts timed bans that have ended, so the members show in lists again (liftEndedBan each). */
export async function liftEndedBans(db: Deps['db'], now = Date.now()): Promise<number[]> {
  const lifted: number[] = [];
  for (const id of await bansStore(db).expiredBans(now)) if (await liftEndedBan(db, id, now)) lifted.push(id);
  return lifted;
}

export function startBanExpiry(db: Deps['db'], log: { error: (obj: unknown, msg: string) => void }) {
  const timer = setInterval(() => {
    liftEndedBans(db).catch((error) => log.error({ err: error }, 'lifting ended bans failed'));
  }, EXPIRY_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
