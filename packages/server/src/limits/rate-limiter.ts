import type { Redis } from 'ioredis';

export interface RateDecision {
  allowed: boolean;
  retryAfterMs: number;
  /** Hits in the window so far, this one included. */
  count: number;
}

/**
 * Fixed-window counters. Each attempt counts before any work is done, so parallel attempts
 * beyond the limit are refused even while earlier ones are still being checked.
 */
export interface RateLimiter {
  hit(key: string, limit: number, windowMs: number): Promise<RateDecision>;
  reset(key: string): Promise<void>;
  /** Takes back one hit of the window (an attempt that turned out not to count, e.g. a good login). */
  undo(key: string): Promise<void>;
}

export function localRateLimiter(now = () => Date.now()): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    async hit(key, limit, windowMs) {
      const t = now();
      let w = windows.get(key);
      if (!w || w.resetAt <= t) {
        w = { count: 0, resetAt: t + windowMs };
        windows.set(key, w);
        if (windows.size > 100_000) for (const [k, v] of windows) if (v.resetAt <= t) windows.delete(k);
      }
      w.count += 1;
      return {
        allowed: w.count <= limit,
        retryAfterMs: w.count <= limit ? 0 : w.resetAt - t,
        count: w.count,
      };
    },
    async reset(key) {
      windows.delete(key);
    },
    async undo(key) {
      const w = windows.get(key);
      if (w && w.count > 0) w.count -= 1;
    },
  };
}

// INCR and set the window's expiry atomically; returns the count and the time left.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {count, redis.call('PTTL', KEYS[1])}`;

// DECR only a live window: a DECR on a missing key would create one without expiry.
const UNDO_SCRIPT = `
if redis.call('GET', KEYS[1]) and tonumber(redis.call('GET', KEYS[1])) > 0 then redis.call('DECR', KEYS[1]) end
return 1`;

export function redisRateLimiter(redis: Redis, prefix = 'tertulia:rl:'): RateLimiter {
  return {
    async hit(key, limit, windowMs) {
      const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, prefix + key, windowMs)) as [number, number];
      return { allowed: count <= limit, retryAfterMs: count <= limit ? 0 : Math.max(ttl, 0), count };
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async undo(key) {
      await redis.eval(UNDO_SCRIPT, 1, prefix + key);
    },
  };
}

/**
 * The shared (Redis) limiter while Redis answers; the instance's own counters while it does not,
 * so a Redis outage never refuses or fails a request (docs/architecture.md, "Outages"). The
 * fallback is per instance: during an outage a member may get up to one window's limit per instance.
 */
export function resilientRateLimiter(
  shared: RateLimiter,
  local: RateLimiter = localRateLimiter(),
  onFallback?: (error: unknown) => void,
): RateLimiter {
  const either =
    <A extends unknown[], R>(op: (l: RateLimiter, ...a: A) => Promise<R>) =>
    async (...a: A): Promise<R> => {
      try {
        return await op(shared, ...a);
      } catch (error) {
        onFallback?.(error);
        return op(local, ...a);
      }
    };
  return {
    hit: either((l, key: string, limit: number, windowMs: number) => l.hit(key, limit, windowMs)),
    reset: either((l, key: string) => l.reset(key)),
    undo: either((l, key: string) => l.undo(key)),
  };
}
