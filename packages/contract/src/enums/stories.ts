/** Enumerations: stories and their videos (docs/stories.md). */
/**
 * Stories (docs/stories.md): a story lives STORY_LIFETIME_MS after it is posted; its video is cut
 * to MAX_SECONDS; a member posts at most DAILY_LIMIT in any 24 hours (getWaitTime.do says how long
 * until the next one). Uploads larger than MAX_UPLOAD_MB are refused before they are read whole.
 */
export const StoryLimits = {
  LIFETIME_MS: 24 * 3600 * 1000,
  MAX_SECONDS: 30,
  DAILY_LIMIT: 10,
  MAX_UPLOAD_MB: 100,
} as const;

/** A story's processing state as the Story entity's `state` says it. */
export const StoryState = { PROCESSING: 'processing', READY: 'ready', FAILED: 'failed' } as const;
export type StoryState = (typeof StoryState)[keyof typeof StoryState];

/** Where transcoded videos are served: VIDEO_PATH/<bucket>/<name>_<id>_<token>.mp4. */
export const VIDEO_PATH = '/media/video';

/** The spec's bucket rule: the id in the file name divided by 10000 (whole part), plus one. */
export const videoBucket = (id: number): number => Math.floor(id / 10_000) + 1;
