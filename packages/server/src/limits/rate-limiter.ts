import type { Redis } from 'ioredis';

export interface RateDecision {
  allowed: boolean;
  retryAfterMs: number;
}

/**
 * Fixed-window counters. Each attempt counts before any work is done, so parallel attempts
 * beyond the limit are refused even while earlier ones are still being checked.
 */
export interface RateLimiter {
  hit(key: string, limit: number, windowMs: number): Promise<RateDecision>;
  reset(key: string): Promise<void>;
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
      return { allowed: w.count <= limit, retryAfterMs: w.count <= limit ? 0 : w.resetAt - t };
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}

// INCR and set the window's expiry atomically; returns the count and the time left.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {count, redis.call('PTTL', KEYS[1])}`;

export function redisRateLimiter(redis: Redis, prefix = 'tertulia:rl:'): RateLimiter {
  return {
    async hit(key, limit, windowMs) {
      const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, prefix + key, windowMs)) as [number, number];
      return { allowed: count <= limit, retryAfterMs: count <= limit ? 0 : Math.max(ttl, 0) };
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}
