import { EphemeralLimits } from '@tertulia/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Deps } from '../../deps';
import type { AfterCommit } from '../../effects/unit-of-work';
import { originalName } from '../../media/keys';
import type { MediaStore } from '../../media/storage';
import type { JobHandler } from '../../media/video/queue';
import { type EphemeralStore, ephemeralStore } from './store';
import { newMediaName, storeBlurredThumb } from './thumbs';

/**
 * A view-once video's job: transcode (cut to 30 s), then a blurred thumbnail from the poster
 * (the sharp poster is removed at once: only the blurred one is ever reachable), then the item
 * turns ready and everyone taking part hears it (their tiles leave the placeholder state).
 */
export function ephemeralJobHandler(
  deps: Pick<Deps, 'unitOfWork' | 'video'>,
  store: EphemeralStore,
  media: MediaStore,
): JobHandler {
  const { video } = deps;
  /** Everyone taking part hears the item's new state once it committed (they are read after it). */
  async function announce(
    trx: Kysely<Database>,
    after: AfterCommit,
    itemId: number,
    state: 'ready' | 'failed',
  ) {
    const row = await ephemeralStore(trx).findAny(itemId);
    if (!row) return;
    const to = async () => [...new Set([...(await store.participants(row)), row.author_id])];
    after.publish(to, { type: 'ephemeralReady', postId: row.id, authorId: row.author_id, state });
  }
  return {
    async run(job, signal) {
      if (!(await store.findAny(job.ref_id))) {
        await video.remove(job.input_name);
        return;
      }
      const name = newMediaName('mp4');
      const produced = await video.produce(job.input_name, name, {
        maxSeconds: EphemeralLimits.VIDEO_MAX_SECONDS,
        probed: job.probed,
        signal,
      });
      const poster = originalName(produced.posterKey);
      const posterBytes = await media.get(poster);
      if (!posterBytes) throw new Error(`poster ${poster} missing after transcode`);
      const thumbKey = await storeBlurredThumb(media, posterBytes);
      await media.remove(poster);
      await video.remove(job.input_name);
      const seconds = Math.min(EphemeralLimits.VIDEO_MAX_SECONDS, Math.max(1, Math.round(produced.seconds)));
      const stored = await deps.unitOfWork(async (trx, after) => {
        const ready = await ephemeralStore(trx).setReady(job.ref_id, name, thumbKey, seconds);
        if (ready) await announce(trx, after, job.ref_id, 'ready');
        return ready;
      });
      if (!stored) {
        await media.remove(name);
        await media.remove(originalName(thumbKey));
      }
    },
    async failed(job) {
      await deps.unitOfWork(async (trx, after) => {
        await ephemeralStore(trx).setFailed(job.ref_id);
        await announce(trx, after, job.ref_id, 'failed');
      });
      await video.remove(job.input_name);
    },
  };
}
