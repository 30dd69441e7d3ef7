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
 * it. A story deleted meanwhile keeps nothing: the new files are removed.
 */
export function storyJobHandler(deps: Pick<Deps, 'db' | 'effects' | 'video'>): JobHandler {
  const { video } = deps;
  const push = (job: VideoJob, state: 'processing' | 'ready' | 'failed', percent: number) =>
    deps.effects.publish([job.owner_id], { type: 'storyProgress', storyId: job.ref_id, state, percent });

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
        signal,
        onProgress(fraction) {
          const percent = Math.floor(fraction * 99);
          const step = Math.floor(percent / 10);
          if (step === lastStep && Date.now() - last < PROGRESS_EVERY_MS) return;
          last = Date.now();
          lastStep = step;
          push(job, 'processing', percent);
        },
      });
      const stored = await store.setReady(
        job.ref_id,
        name,
        produced.posterKey,
        Math.round(produced.seconds * 1000),
      );
      await video.remove(job.input_name);
      if (!stored) {
        await video.remove(name);
        await video.remove(originalName(produced.posterKey));
        return;
      }
      push(job, 'ready', 100);
    },
    async failed(job) {
      await storyStore(deps.db).setFailed(job.ref_id);
      await video.remove(job.input_name);
      push(job, 'failed', 0);
    },
  };
}
