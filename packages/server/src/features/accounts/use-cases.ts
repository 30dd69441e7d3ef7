import { hash, verify } from '@node-rs/argon2';
import { FeedEventType, PhotoPrivacy, type User } from '@tertulia/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/index';
import type { FeedLog } from '../../deps';
import type { RequestContext } from '../../http/context';
import { ApiError, invalid, rateLimited } from '../../http/errors';
import type { SessionService } from '../../http/session';
import { isLocale, type LocaleCode } from '../../i18n/messages';
import type { RateLimiter } from '../../limits/rate-limiter';
import { banEnded, banWithoutEnd, isHidden, restorableOnLogin } from '../../policy/standing';
import type { Hub } from '../../push/hub';
import { liftEndedBan } from '../admin/bans';
import { toSelf } from '../people/user-view';
import { checkBirthday, checkEmail, checkGender, checkName, checkPassword, NAME_PATTERN } from './rules';
import { closeSockets } from './sockets';
import { accountStore } from './store';

// Algorithm 2 is Argon2id (the package exports it as a const enum, which isolated modules can't read).
const ARGON2 = { algorithm: 2 } as const;
// Verified against when the name is unknown, so both failures take the same time.
const DUMMY_HASH = hash('not-a-real-password', ARGON2);

export interface AccountDeps {
  db: Db;
  config: Pick<Config, 'limits' | 'dataDir'>;
  sessions: SessionService;
  hub: Pick<Hub, 'endSessions' | 'disconnect'>;
  limiter: RateLimiter;
  setLocaleCookie: (ctx: RequestContext, locale: LocaleCode) => void;
  feedLog: Pick<FeedLog, 'recordOnce'>;
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return (
    e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint/.test(e.message ?? '')
  );
}

export function accountUseCases(deps: AccountDeps) {
  const store = accountStore(deps.db);
  const { limits } = deps.config;

  async function limit(key: string, max: number) {
    const decision = await deps.limiter.hit(key, max, limits.windowMs);
    if (!decision.allowed) throw rateLimited(decision.retryAfterMs);
  }

  /** Failures past the fifth for a name from one address answer more and more slowly. */
  function slowDown(failures: number): Promise<void> {
    const ms = Math.min(2000, Math.max(0, failures - 5) * (limits.loginSlowdownMs ?? 0));
    return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
  }

  return {
    async register(
      p: {
        name: string;
        password: string;
        birthdayYear: number;
        birthdayMonth: number;
        birthdayDay: number;
        gender: string;
        email: string;
        locale?: LocaleCode;
      },
      ctx: RequestContext,
    ): Promise<User> {
      await limit(`register:ip:${ctx.ip}`, limits.registerPerAddress);
      const name = p.name.trim();
      checkName(name);
      checkPassword(p.password);
      const birthDate = checkBirthday(p.birthdayYear, p.birthdayMonth, p.birthdayDay, new Date());
      checkGender(p.gender);
      const email = p.email.trim();
      checkEmail(email);
      if (await store.findByName(name)) throw invalid('name', 'account.nameTaken');
      const locale = p.locale ?? ctx.locale;
      let row: Awaited<ReturnType<typeof store.insert>>;
      try {
        const passwordHash = await hash(p.password, ARGON2);
        const gender = p.gender;
        const now = Date.now();
        row = await deps.db.transaction().execute(async (trx) => {
          const created = await accountStore(trx).insert({
            name,
            passwordHash,
            email,
            gender,
            birthDate,
            locale,
            now,
          });
          // "A new member near you": one event, no fan-out; the near-me filter matches it
          // against each reader's place when read, so it follows the newcomer's later moves.
          await deps.feedLog.recordOnce(trx, {
            type: FeedEventType.NEW_USERS_NEAR_ME,
            userId: created.id,
            key: `joined:${created.id}`,
            properties: { 'source.user': created.id },
            privacy: PhotoPrivacy.PUBLIC,
            siteOnly: true,
            now,
          });
          return created;
        });
      } catch (error) {
        // Two sign-ups racing for one name: the unique index decides.
        if (isUniqueViolation(error)) throw invalid('name', 'account.nameTaken');
        throw error;
      }
      await deps.sessions.start(ctx.reply, row.id, false);
      deps.setLocaleCookie(ctx, locale as LocaleCode);
      return toSelf(row);
    },

    async login(
      p: { name: string; password: string; rememberMe?: boolean; locale?: LocaleCode },
      ctx: RequestContext,
    ): Promise<User> {
      const nameKey = p.name.trim().toLowerCase().slice(0, 40);
      // Attempts count before the check (parallel guesses can't slip past) and a good one is
      // taken back: only failures lock, and only for this name from this address, so a stranger
      // typing a member's name elsewhere can't keep the member out (docs/accounts.md).
      const addressKey = `login:ip:${ctx.ip}`;
      const pairKey = `login:name-ip:${nameKey}:${ctx.ip}`;
      await limit(addressKey, limits.loginPerAddress);
      const pair = await deps.limiter.hit(pairKey, limits.loginPerName, limits.windowMs);
      if (!pair.allowed) {
        await deps.limiter.undo(addressKey);
        throw rateLimited(pair.retryAfterMs);
      }
      const row = await store.findByName(nameKey);
      const ok = await verify(row?.password_hash ?? (await DUMMY_HASH), p.password);
      if (!row || !ok) {
        if (row) await store.recordLoginFailure(row.id, Date.now(), ctx.ip);
        await slowDown(pair.count);
        throw new ApiError('ApiLoginRequiredException', 'login.failed');
      }
      await Promise.all([deps.limiter.undo(addressKey), deps.limiter.reset(pairKey)]);
      // A deleted account (hidden as banned from the same moment) comes back on login in its grace period.
      const restored = restorableOnLogin(row);
      if (!restored && isHidden(row)) {
        // The one lift of an ended ban, audited like the job's (features/admin/bans.ts).
        if (!banEnded(row)) throw bannedError(row);
        await liftEndedBan(deps.db, row.id);
      }
      if (restored) await store.restore(row.id);
      await deps.sessions.start(ctx.reply, row.id, p.rememberMe ?? false);
      const now = Date.now();
      await store.touch(row.id, now);
      const failedLoginAttempts = await store.takeLoginFailures(row.id);
      if (p.locale && isLocale(p.locale) && p.locale !== row.locale) await store.setLocale(row.id, p.locale);
      const locale = (p.locale ?? row.locale) as LocaleCode;
      deps.setLocaleCookie(ctx, locale);
      const self = toSelf({ ...row, locale, last_access: now, banned_at: 0 });
      return { ...self, failedLoginAttempts, ...(restored ? { accountRestored: true } : {}) };
    },

    /** Ends this session only; its sockets close on every instance. */
    async logout(ctx: RequestContext): Promise<boolean> {
      const ended = await deps.sessions.end(ctx.request, ctx.reply);
      if (ended) await closeSockets(deps.hub.endSessions([ended]));
      return true;
    },

    /** Free names close to a taken one: with birthday parts, digits, separators. */
    async availableNames(p: {
      takenUserName: string;
      birthdayYear?: number;
      birthdayMonth?: number;
      birthdayDay?: number;
      password?: string;
      limit?: number;
    }): Promise<string[]> {
      const base =
        [...p.takenUserName.trim().replace(/[^\p{L}\p{N}_.]/gu, '')].slice(0, 16).join('') || 'miembro';
      const y = p.birthdayYear ? String(p.birthdayYear) : '';
      const dm = p.birthdayDay && p.birthdayMonth ? `${p.birthdayDay}${p.birthdayMonth}` : '';
      const pool = [y, y.slice(2), dm, `_${y.slice(2)}`, `.${dm}`, '_es', '.ok'].filter(
        (s) => s && s !== '_' && s !== '.',
      );
      for (let i = 0; pool.length < 14; i++) pool.push(String(10 + ((base.length * 37 + i * 7919) % 989)));
      const candidates = [...new Set(pool.map((suffix) => (base + suffix).slice(0, 20)))].filter(
        (c) => NAME_PATTERN.test(c) && c !== p.password,
      );
      const taken = await store.takenNames(candidates);
      return candidates.filter((c) => !taken.has(c.toLowerCase())).slice(0, p.limit ?? 5);
    },
  };
}

/** Why and until when a banned member is refused, in words they can act on. */
function bannedError(row: { ban_until: number; ban_reason: string | null }): ApiError {
  if (!row.ban_reason) return new ApiError('ApiForbiddenException', 'account.banned');
  if (banWithoutEnd(row))
    return new ApiError('ApiForbiddenException', 'account.bannedReason', { reason: row.ban_reason });
  const until = new Date(row.ban_until).toISOString().slice(0, 16).replace('T', ' ');
  return new ApiError('ApiForbiddenException', 'account.bannedUntil', { until, reason: row.ban_reason });
}
