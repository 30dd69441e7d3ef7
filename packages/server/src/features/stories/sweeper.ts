import type { Deps } from '../../deps';
import { deleteStory } from './manage';
import { storyStore } from './store';

const BATCH = 200;

/**
 * Removes expired stories (and failed ones) with their views and files. Lists already hide a
 * story at its expiry; the sweeper only reclaims the space. Returns how many went.
 */
export async function sweepExpiredStories(
  deps: Pick<Deps, 'db' | 'video'>,
  now = Date.now(),
): Promise<number> {
  const store = storyStore(deps.db);
  let removed = 0;
  for (;;) {
    const rows = await store.expired(now, BATCH);
    for (const row of rows) {
      await deleteStory(deps, row);
    }
    removed += rows.length;
    if (rows.length < BATCH) return removed;
  }
}

/** Runs the sweeper every `everyMs` (0: never); returns the stop function. */
export function startStorySweeper(
  deps: Pick<Deps, 'db' | 'video'>,
  everyMs: number,
  log: { error(obj: unknown, msg: string): void },
): () => void {
  if (!everyMs) return () => {};
  const timer = setInterval(() => {
    sweepExpiredStories(deps).catch((error) => log.error({ err: error }, 'story sweeper'));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
