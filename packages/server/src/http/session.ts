import crypto, { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/index';
import { memberWritesOf } from '../db/member-writes';
import type { UserRow } from './context';
import { clearCookie, setCookie } from './cookies';
import { SessionCache } from './session-cache';
import { sessionStore } from './session-store';

export const SESSION_COOKIE = 'tertulia_sid';
const DAY = 24 * 60 * 60_000;
export const REMEMBER_MS = 30 * DAY;
export const IDLE_MS = DAY;
// Extending a session on every request would write on every read; once a minute is enough.
const TOUCH_EVERY_MS = 60_000;
/**
 * A cached session is read again after this long even if no write dropped it: the touch above
 * happens then, and a change the bus never carried (an operator's SQL, a lost Redis message)
 * is seen within a minute.
 */
export const REVALIDATE_MS = 60_000;

// crypto.hash (Node 20.12+) digests in one call, without a Hash object per request.
const sha256: (token: string) => string =
  typeof crypto.hash === 'function'
    ? (token) => crypto.hash('sha256', token, 'hex')
    : (token) => createHash('sha256').update(token).digest('hex');

const HASHES_KEPT = 20_000;
const recentHashes = new Map<string, string>();
/**
 * The stored form of a token. Every API request of a session hashes the same token, so the
 * digests of recent tokens are kept in this process (as the tokens already are, in the
 * requests in flight); the oldest go first, so unknown tokens sent in bulk can't grow it.
 */
function hash(token: string): string {
  let digest = recentHashes.get(token);
  if (digest === undefined) {
    digest = sha256(token);
    if (recentHashes.size >= HASHES_KEPT) recentHashes.delete(recentHashes.keys().next().value!);
    recentHashes.set(token, digest);
  }
  return digest;
}

/** The stored hash of the request's session cookie, or undefined without a usable one. */
export function sessionHashOf(request: FastifyRequest): string | undefined {
  const token = request.cookies?.[SESSION_COOKIE];
  return token && token.length <= 100 ? hash(token) : undefined;
}

/** Sessions: a random token in an HttpOnly cookie, stored only as its SHA-256. */
export function sessionService(
  db: Db,
  config: Pick<Config, 'publicUrl'>,
  now = () => Date.now(),
  cache = new SessionCache(),
) {
  const secure = config.publicUrl?.startsWith('https://') ?? false;
  const writes = memberWritesOf(db);
  const store = sessionStore(db);

  /**
   * Without the database: null when the request has no usable cookie, the cached session when
   * it is fresh, undefined when resolve() must read it.
   */
  function cached(request: FastifyRequest, t = now()): { user: UserRow; idHash: string } | null | undefined {
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 100) return null;
    writes.seeOtherProcesses();
    const entry = cache.get(hash(token));
    return entry && entry.expiresAt > t && t - entry.readAt < REVALIDATE_MS ? entry : undefined;
  }

  return {
    cache,

    /** Starts a session for the member; answers its stored hash (what sockets are tied to). */
    async start(reply: FastifyReply, userId: number, remember: boolean): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      const t = now();
      const idHash = hash(token);
      const request = reply.request as FastifyRequest | undefined;
      const agent = request?.headers['user-agent'];
      await store.insert({
        id_hash: idHash,
        user_id: userId,
        created_at: t,
        last_seen: t,
        expires_at: t + (remember ? REMEMBER_MS : IDLE_MS),
        remember: remember ? 1 : 0,
        public_id: randomBytes(12).toString('base64url'),
        user_agent: typeof agent === 'string' ? agent.slice(0, 200) : null,
        address: request?.ip?.slice(0, 64) ?? null,
      });
      setCookie(reply, SESSION_COOKIE, token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure,
        // Without rememberMe the cookie ends with the browser; the server also ends it after a day idle.
        maxAge: remember ? REMEMBER_MS / 1000 : undefined,
      });
      return idHash;
    },

    cached,

    /**
     * The member behind the request's cookie, or null; slides the expiry of live sessions.
     * Served from the cache (session-cache.ts) when it holds the session, read at most
     * REVALIDATE_MS ago and not expired; else read from the database (and touched when due).
     */
    async resolve(request: FastifyRequest): Promise<{ user: UserRow; idHash: string } | null> {
      const t = now();
      const hit = cached(request, t);
      if (hit !== undefined) return hit;
      const idHash = hash(request.cookies[SESSION_COOKIE]!);
      const generation = cache.generation;
      const row = await store.withMember(idHash);
      if (!row || row.expires_at <= t) {
        cache.delete(idHash);
        return null;
      }
      const { expires_at, last_seen, remember, ...user } = row;
      if (t - last_seen > TOUCH_EVERY_MS) {
        // These writes drop the member's cached sessions everywhere (and bump the generation, so
        // this read is not stored): the next request reads the touched row.
        await store.touch(idHash, row.id, t, t + (remember ? REMEMBER_MS : IDLE_MS));
        return { user: { ...user, last_access: t }, idHash };
      }
      const entry = { idHash, user, expiresAt: expires_at, readAt: t };
      if (cache.generation === generation) cache.set(entry);
      return entry;
    },

    /** Ends the request's session; answers its hash (undefined without a cookie). */
    async end(request: FastifyRequest, reply: FastifyReply): Promise<string | undefined> {
      const idHash = sessionHashOf(request);
      if (idHash) await store.delete(idHash);
      clearCookie(reply, SESSION_COOKIE);
      return idHash;
    },

    /** Of these session hashes, those still live (not ended, not expired, member not banned). */
    async liveHashes(idHashes: string[]): Promise<Set<string>> {
      if (idHashes.length === 0) return new Set();
      return new Set(await store.live(idHashes, now()));
    },

    /** Ends every session of a member (bans, password changes). */
    async endAll(userId: number): Promise<void> {
      await store.deleteAllOf(userId);
    },

    async purgeExpired(): Promise<void> {
      await store.deleteExpired(now());
    },
  };
}

export type SessionService = ReturnType<typeof sessionService>;
