import { EphemeralLimits } from '@tertulia/contract';
import type { Deps } from '../../deps';
import { originalName } from '../../media/keys';
import type { MediaStore } from '../../media/storage';
import type { JobHandler } from '../../media/video/queue';
import type { EphemeralStore } from './store';
import { newMediaName, storeBlurredThumb } from './thumbs';

/**
 * A view-once video's job: transcode (cut to 30 s), then a blurred thumbnail from the poster
 * (the sharp poster is removed at once: only the blurred one is ever reachable), then the item
 * turns ready and everyone taking part hears it (their tiles leave the placeholder state).
 */
export function ephemeralJobHandler(
  deps: Pick<Deps, 'effects' | 'video'>,
  store: EphemeralStore,
  media: MediaStore,
): JobHandler {
  const { video } = deps;
  const announce = async (itemId: number, state: 'ready' | 'failed') => {
    const row = await store.findAny(itemId);
    if (!row) return;
    const to = new Set([...(await store.participants(row)), row.author_id]);
    deps.effects.publish([...to], { type: 'ephemeralReady', postId: row.id, authorId: row.author_id, state });
  };
  return {
    async run(job, signal) {
      if (!(await store.findAny(job.ref_id))) {
        await video.remove(job.input_name);
        return;
      }
      const name = newMediaName('mp4');
      const produced = await video.produce(job.input_name, name, {
        maxSeconds: EphemeralLimits.VIDEO_MAX_SECONDS,
        signal,
      });
      const poster = originalName(produced.posterKey);
      const posterBytes = await media.get(poster);
      if (!posterBytes) throw new Error(`poster ${poster} missing after transcode`);
      const thumbKey = await storeBlurredThumb(media, posterBytes);
      await media.remove(poster);
      await video.remove(job.input_name);
      const seconds = Math.min(EphemeralLimits.VIDEO_MAX_SECONDS, Math.max(1, Math.round(produced.seconds)));
      if (!(await store.setReady(job.ref_id, name, thumbKey, seconds))) {
        await media.remove(name);
        await media.remove(originalName(thumbKey));
        return;
      }
      await announce(job.ref_id, 'ready');
    },
    async failed(job) {
      await store.setFailed(job.ref_id);
      await video.remove(job.input_name);
      await announce(job.ref_id, 'failed');
    },
  };
}
