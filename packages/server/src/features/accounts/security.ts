import { hash, verify } from '@node-rs/argon2';
import type { Session } from '@tertulia/contract';
import type { RequestContext, UserRow } from '../../http/context';
import { clearCookie } from '../../http/cookies';
import { invalid, notFound, rateLimited } from '../../http/errors';
import { SESSION_COOKIE, sessionHashOf } from '../../http/session';
import { checkPassword } from './rules';
import { closeSockets } from './sockets';
import { accountStore } from './store';
import type { AccountDeps } from './use-cases';

const ARGON2 = { algorithm: 2 } as const;

/** "Chrome · Windows": enough for a member to recognise a device in the sessions list. */
export function deviceOf(userAgent: string | null): string {
  const ua = userAgent ?? '';
  const browser =
    [
      [/Edg\//, 'Edge'],
      [/OPR\/|Opera/, 'Opera'],
      [/Firefox\//, 'Firefox'],
      [/Chrome\/|Chromium\//, 'Chrome'],
      [/Safari\//, 'Safari'],
    ].find(([re]) => (re as RegExp).test(ua))?.[1] ?? '';
  const system =
    [
      [/Android/, 'Android'],
      [/iPhone|iPad|iOS/, 'iOS'],
      [/Windows/, 'Windows'],
      [/Mac OS X|Macintosh/, 'macOS'],
      [/CrOS/, 'ChromeOS'],
      [/Linux/, 'Linux'],
    ].find(([re]) => (re as RegExp).test(ua))?.[1] ?? '';
  return [browser, system].filter(Boolean).join(' · ') || ua.slice(0, 40);
}

/** Password change and the member's sessions: each end closes those sessions' sockets everywhere. */
export function accountSecurityUseCases(deps: AccountDeps) {
  const store = accountStore(deps.db);
  const { limits } = deps.config;

  /** Guesses of the current password count like failed logins for the member. */
  async function checkCurrent(
    viewer: UserRow,
    password: string,
    field: string,
    key: 'account.currentPasswordWrong' | 'account.passwordWrong',
  ) {
    const decision = await deps.limiter.hit(`password:${viewer.id}`, limits.loginPerName, limits.windowMs);
    if (!decision.allowed) throw rateLimited(decision.retryAfterMs);
    if (!(await verify(viewer.password_hash, password))) throw invalid(field, key);
    await deps.limiter.undo(`password:${viewer.id}`);
  }

  return {
    checkCurrent,

    async changePassword(
      viewer: UserRow,
      p: { currentPassword: string; newPassword: string },
      ctx: RequestContext,
    ): Promise<boolean> {
      await checkCurrent(viewer, p.currentPassword, 'currentPassword', 'account.currentPasswordWrong');
      checkPassword(p.newPassword, 'newPassword');
      if (p.newPassword === p.currentPassword) throw invalid('newPassword', 'account.passwordSame');
      await store.setPassword(viewer.id, await hash(p.newPassword, ARGON2));
      const current = sessionHashOf(ctx.request)!;
      await store.endSessions(viewer.id, { except: current });
      await closeSockets(deps.hub.disconnect([viewer.id], [current]));
      return true;
    },

    async list(viewer: UserRow, ctx: RequestContext): Promise<Session[]> {
      const current = sessionHashOf(ctx.request);
      const rows = await store.sessionsOf(viewer.id, Date.now());
      return rows.map((r) => ({
        id: r.public_id ?? r.id_hash.slice(0, 16),
        created: Number(r.created_at),
        lastSeen: Number(r.last_seen),
        userAgent: r.user_agent ?? '',
        device: deviceOf(r.user_agent),
        address: r.address ?? '',
        current: r.id_hash === current,
      }));
    },

    async end(viewer: UserRow, sessionId: string, ctx: RequestContext): Promise<boolean> {
      const ended = await store.endSessions(viewer.id, { publicId: sessionId });
      if (ended.length === 0) throw notFound('session.notFound');
      if (ended.includes(sessionHashOf(ctx.request)!)) clearCookie(ctx.reply, SESSION_COOKIE);
      await closeSockets(deps.hub.endSessions(ended));
      return true;
    },

    async endOthers(viewer: UserRow, ctx: RequestContext): Promise<number> {
      const current = sessionHashOf(ctx.request)!;
      const ended = await store.endSessions(viewer.id, { except: current });
      await closeSockets(deps.hub.disconnect([viewer.id], [current]));
      return ended.length;
    },
  };
}
