import { describe, expect, it } from 'vitest';
import { localRateLimiter, type RateLimiter, resilientRateLimiter } from './rate-limiter';

/** A shared limiter whose store can be switched off, as Redis unreachable would be. */
function switchable() {
  const state = { down: false };
  const real = localRateLimiter();
  const guard =
    <A extends unknown[], R>(op: (...a: A) => Promise<R>) =>
    (...a: A) =>
      state.down ? Promise.reject(new Error('connect ECONNREFUSED')) : op(...a);
  const shared: RateLimiter = {
    hit: guard((k: string, l: number, w: number) => real.hit(k, l, w)),
    reset: guard((k: string) => real.reset(k)),
    undo: guard((k: string) => real.undo(k)),
  };
  return { state, shared };
}

describe('the rate limiter while Redis is away', () => {
  it('counts on the shared store while it answers, on its own counters while it does not', async () => {
    const { state, shared } = switchable();
    const fallbacks: unknown[] = [];
    const limiter = resilientRateLimiter(shared, localRateLimiter(), (e) => fallbacks.push(e));
    expect((await limiter.hit('k', 2, 60_000)).count).toBe(1);
    state.down = true;
    // The instance's own window starts empty: a request is never refused or failed for the outage.
    const during = [await limiter.hit('k', 2, 60_000), await limiter.hit('k', 2, 60_000)];
    expect(during.map((d) => d.allowed)).toEqual([true, true]);
    // ...but the limit still holds within the instance.
    const third = await limiter.hit('k', 2, 60_000);
    expect(third).toMatchObject({ allowed: false, count: 3 });
    expect(third.retryAfterMs).toBeGreaterThan(0);
    await expect(limiter.undo('k')).resolves.toBeUndefined();
    await expect(limiter.reset('k')).resolves.toBeUndefined();
    expect(fallbacks).toHaveLength(5);
    state.down = false;
    // Back on the shared counters, which kept their own count.
    expect((await limiter.hit('k', 2, 60_000)).count).toBe(2);
  });
});
