import { StoryLimits } from '@tertulia/contract';
import type { Deps } from '../../deps';
import { originalName } from '../../media/keys';
import type { JobHandler, VideoJob } from '../../media/video/queue';
import { newVideoName } from '../../media/video/serve';
import { storyStore } from './store';

export const STORY_JOB = 'story';

/** Progress pushes at most this often (and at every 10 percent step). */
const PROGRESS_EVERY_MS = 500;

/**
 * The story's video job: transcode, poster, then the story turns ready and its author hears
 * it once that committed. A story deleted meanwhile keeps nothing: the new files are removed.
 */
export function storyJobHandler(deps: Pick<Deps, 'db' | 'effects' | 'video' | 'unitOfWork'>): JobHandler {
  const { video } = deps;
  type State = 'processing' | 'ready' | 'failed';
  const progress = (job: VideoJob, state: State, percent: number) =>
    ({ type: 'storyProgress', storyId: job.ref_id, state, percent }) as const;
  // Progress is not a write: it goes out at once.
  const push = (job: VideoJob, percent: number) =>
    deps.effects.publish([job.owner_id], progress(job, 'processing', percent));

  return {
    async run(job, signal) {
      const store = storyStore(deps.db);
      if (!(await store.findAny(job.ref_id))) {
        await video.remove(job.input_name);
        return;
      }
      let last = 0;
      let lastStep = -1;
      const name = newVideoName('story', job.ref_id);
      const produced = await video.produce(job.input_name, name, {
        maxSeconds: StoryLimits.MAX_SECONDS,
        start: job.start_ms / 1000,
        probed: job.probed,
        signal,
        onProgress(fraction) {
          const percent = Math.floor(fraction * 99);
          const step = Math.floor(percent / 10);
          if (step === lastStep && Date.now() - last < PROGRESS_EVERY_MS) return;
          last = Date.now();
          lastStep = step;
          push(job, percent);
        },
      });
      await video.remove(job.input_name);
      const stored = await deps.unitOfWork(async (trx, after) => {
        const ms = Math.round(produced.seconds * 1000);
        const ready = await storyStore(trx).setReady(job.ref_id, name, produced.posterKey, ms);
        if (ready) after.publish([job.owner_id], progress(job, 'ready', 100));
        return ready;
      });
      if (!stored) {
        await video.remove(name);
        await video.remove(originalName(produced.posterKey));
      }
    },
    async failed(job) {
      await deps.unitOfWork(async (trx, after) => {
        await storyStore(trx).setFailed(job.ref_id);
        after.publish([job.owner_id], progress(job, 'failed', 0));
      });
      await video.remove(job.input_name);
    },
  };
}
