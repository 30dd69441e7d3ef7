import { type Story, StoryLimits } from '@tertulia/contract';
import type { Deps } from '../../deps';
import { me, type RequestContext } from '../../http/context';
import { ApiError, invalid } from '../../http/errors';
import { isUploadedFile } from '../../http/uploads';
import { videoJobStore } from '../../media/video/job-store';
import { toStory } from './present';
import { STORY_JOB } from './process';
import { storyStore } from './store';

/** Milliseconds until `authorId` may post again: 0 unless DAILY_LIMIT stories are younger than a day. */
export async function waitTimeOf(deps: Pick<Deps, 'db'>, authorId: number, now: number): Promise<number> {
  const day = StoryLimits.LIFETIME_MS;
  const posted = await storyStore(deps.db).postedSince(authorId, now - day);
  if (posted.length < StoryLimits.DAILY_LIMIT) return 0;
  return Math.max(0, posted[posted.length - StoryLimits.DAILY_LIMIT] + day - now);
}

/**
 * story/uploadStory.do: checks the file on the request (a bad one is refused with nothing kept),
 * records the story (processing) and its job in one transaction, then starts the job. The
 * author follows it through storyProgress pushes; others see the story once it is ready.
 */
export async function uploadStory(
  deps: Pick<Deps, 'db' | 'video'>,
  p: { video: unknown; trimStart?: number },
  ctx: RequestContext,
): Promise<Story> {
  const user = me(ctx);
  const now = Date.now();
  const wait = await waitTimeOf(deps, user.id, now);
  if (wait > 0) {
    throw new ApiError(
      'ApiRateLimitException',
      'story.waitTime',
      { limit: StoryLimits.DAILY_LIMIT, minutes: Math.ceil(wait / 60_000) },
      { retryAfterSeconds: Math.ceil(wait / 1000) },
    );
  }
  deps.video.ensureAvailable();
  if (!isUploadedFile(p.video)) throw invalid('video', 'upload.fileExpected');
  if (p.video.size === 0) throw invalid('video', 'video.type');
  const { inputName, probed } = await deps.video.stage(p.video);
  let ids: { storyId: number; jobId: number };
  try {
    ids = await deps.db.transaction().execute(async (trx) => {
      const storyId = await storyStore(trx).insert(user.id, now, now + StoryLimits.LIFETIME_MS);
      const jobId = await videoJobStore(trx).insert({
        kind: STORY_JOB,
        refId: storyId,
        ownerId: user.id,
        inputName,
        probed,
        startMs: Math.round((p.trimStart ?? 0) * 1000),
        now,
      });
      return { storyId, jobId };
    });
  } catch (error) {
    await deps.video.remove(inputName);
    throw error;
  }
  deps.video.queue.kick(ids.jobId);
  const row = await storyStore(deps.db).find(ids.storyId, user.id, now);
  if (!row) throw new Error('story vanished after insert');
  return toStory(row);
}
