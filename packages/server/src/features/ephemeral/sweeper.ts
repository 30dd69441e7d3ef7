import { originalName } from '../../media/keys';
import type { MediaStore } from '../../media/storage';
import type { EphemeralStore } from './store';

const BATCH = 200;

/**
 * Retention: items past their end are removed for everyone with their files (full media and
 * thumbnail). Reads already refuse them from that moment; the sweep reclaims the space.
 */
export async function sweepExpiredEphemeral(store: EphemeralStore, media: MediaStore, now = Date.now()) {
  let removed = 0;
  for (;;) {
    const rows = await store.expired(now, BATCH);
    for (const row of rows) {
      await store.remove(row.id);
      if (row.media_name) await media.remove(row.media_name);
      if (row.thumb_key) await media.remove(originalName(row.thumb_key));
    }
    removed += rows.length;
    if (rows.length < BATCH) return removed;
  }
}

/** Runs the sweep every `everyMs` (0: never); returns the stop function. */
export function startEphemeralSweeper(
  store: EphemeralStore,
  media: MediaStore,
  everyMs: number,
  log: { error(obj: unknown, msg: string): void },
): () => void {
  if (!everyMs) return () => {};
  const timer = setInterval(() => {
    sweepExpiredEphemeral(store, media).catch((error) => log.error({ err: error }, 'ephemeral sweeper'));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
