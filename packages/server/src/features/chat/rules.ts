import type { User, UserRef } from '@tertulia/contract';
import type { UserRow } from '../../http/context';
import { rateLimited } from '../../http/errors';
import type { RateLimiter } from '../../limits/rate-limiter';
import { toUser } from '../people/user-view';

/** Chat's shared constants and small pure helpers; the rules themselves live in each use case. */

export const MINUTE = 60_000;
export const DAY = 24 * 60 * MINUTE;
/** Owners and moderators act on members in their room now or there within this time. */
export const RECENT_MS = DAY;
/** Flood limit: lines (public and private) a member may send per window. */
export const SEND_LIMIT = { max: 10, windowMs: 10_000 };

/** Counts one more action under `key`; refuses with a 429 once `max` were made within the window. */
export async function hitLimit(limiter: RateLimiter, key: string, max: number, windowMs: number) {
  const decision = await limiter.hit(key, max, windowMs);
  if (!decision.allowed) throw rateLimited(decision.retryAfterMs);
}

/** The rows of a page (1-based `page`, `limit` or the call's default). */
export const pageOf = (p: { page?: number; limit?: number }, fallback: number) => {
  const size = p.limit ?? fallback;
  return { offset: ((p.page ?? 1) - 1) * size, size };
};

export const ref = (row: UserRow): UserRef => ({ uid: row.id, name: row.name, image1: toUser(row).image1 });

/** The sender as every listener sees them (the push frame is shared, so nothing viewer-relative). */
export const light = (row: UserRow): User => {
  const u = toUser(row);
  return {
    uid: u.uid,
    name: u.name,
    image1: u.image1,
    gender: u.gender,
    age: u.age,
    star: u.star,
    verified: u.verified,
  };
};
