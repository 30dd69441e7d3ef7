import type { Deps } from '../../deps';
import { rateLimited } from '../../http/errors';

/** Counts one hit of `key`; past `max` in the window the call answers 429. */
export async function limit(deps: Pick<Deps, 'limiter'>, key: string, max: number, windowMs: number) {
  const decision = await deps.limiter.hit(key, max, windowMs);
  if (!decision.allowed) throw rateLimited(decision.retryAfterMs);
}

export const HOUR = 3_600_000;
