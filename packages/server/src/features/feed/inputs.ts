import type { Deps } from '../../deps';
import { rateLimited } from '../../http/errors';

/** What the feed's writes share: paging, the write limit, uploaded images. */

export type Page = { page?: number; limit?: number };
export const MINUTE = 60_000;
/** Writes per member per 10 minutes: generous for people, a wall for scripts. */
export const WRITES_PER_WINDOW = 60;

export const pageOf = (p: Page, defaultLimit: number) => {
  const limit = p.limit ?? defaultLimit;
  return { limit, offset: ((p.page ?? 1) - 1) * limit, page: p.page ?? 1 };
};

/** Counts a member's feed write (status, comment, guestbook entry); a 429 past the limit. */
export function writeLimit(limiter: Deps['limiter']) {
  return async (memberId: number): Promise<void> => {
    const decision = await limiter.hit(`feed:write:${memberId}`, WRITES_PER_WINDOW, 10 * MINUTE);
    if (!decision.allowed) throw rateLimited(decision.retryAfterMs);
  };
}
export type WriteLimit = ReturnType<typeof writeLimit>;

export { fileOf, imageSaver, type SaveImage } from '../../media/attach';
