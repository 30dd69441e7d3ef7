import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { localRateLimiter, type RateLimiter, redisRateLimiter } from './rate-limiter';

/** The fixed-window limiter on its own: in memory with a clock the test moves; in Redis when TEST_REDIS_URL is set. */
describe('rate limiter in memory', () => {
  it('counts each hit, refuses beyond the limit with the time left, and opens a new window after it', async () => {
    let t = 0;
    const limiter = localRateLimiter(() => t);
    const hits = [];
    for (let i = 0; i < 4; i++) hits.push(await limiter.hit('login:ana', 3, 1000));
    expect(hits.map((h) => [h.allowed, h.count])).toEqual([
      [true, 1],
      [true, 2],
      [true, 3],
      [false, 4],
    ]);
    t = 400;
    expect(await limiter.hit('login:ana', 3, 1000)).toEqual({ allowed: false, retryAfterMs: 600, count: 5 });
    // Keys are apart.
    expect((await limiter.hit('login:leo', 3, 1000)).allowed).toBe(true);
    t = 1000;
    expect(await limiter.hit('login:ana', 3, 1000)).toEqual({ allowed: true, retryAfterMs: 0, count: 1 });
  });

  it('undo takes back one hit (never below zero); reset forgets the window', async () => {
    const limiter = localRateLimiter(() => 0);
    await limiter.hit('k', 2, 1000);
    await limiter.hit('k', 2, 1000);
    await limiter.undo('k');
    expect((await limiter.hit('k', 2, 1000)).count).toBe(2);
    await limiter.reset('k');
    expect((await limiter.hit('k', 2, 1000)).count).toBe(1);
    await limiter.undo('missing');
    await limiter.undo('k');
    await limiter.undo('k');
    expect((await limiter.hit('k', 2, 1000)).count).toBe(1);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
describe.skipIf(!redisUrl)('rate limiter in Redis', () => {
  const redis = redisUrl ? new Redis(redisUrl) : (undefined as unknown as Redis);
  afterAll(() => redis?.quit());
  const limiter: RateLimiter = redis
    ? redisRateLimiter(redis, `test:rl:${Math.random().toString(36).slice(2)}:`)
    : (undefined as unknown as RateLimiter);

  it('counts across callers, refuses beyond the limit with the time left, and undoes only a live window', async () => {
    const results = await Promise.all(
      Array.from({ length: 5 }, () => limiter.hit('sign-up:1.2.3.4', 3, 60_000)),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(3);
    const refused = results.find((r) => !r.allowed)!;
    expect(refused.retryAfterMs).toBeGreaterThan(50_000);
    expect(refused.retryAfterMs).toBeLessThanOrEqual(60_000);
    await limiter.undo('sign-up:1.2.3.4');
    expect((await limiter.hit('sign-up:1.2.3.4', 10, 60_000)).count).toBe(5);
    // An undo without a window creates none (it would never expire).
    await limiter.undo('nobody');
    expect((await limiter.hit('nobody', 1, 60_000)).count).toBe(1);
    await limiter.reset('sign-up:1.2.3.4');
    expect((await limiter.hit('sign-up:1.2.3.4', 3, 60_000)).count).toBe(1);
  });
});
