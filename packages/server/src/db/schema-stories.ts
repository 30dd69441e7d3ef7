/** Tables: Stories and the video job queue (docs/stories.md). */
import type { Generated } from 'kysely';

/** A story (features/stories): state 'processing' until its video job finished, then 'ready'. */
export interface StoriesTable {
  id: Generated<number>;
  author_id: number;
  state: Generated<string>;
  /** The transcoded MP4's media store name; null while processing. */
  video_name: string | null;
  /** The poster frame's image key (served by the image service). */
  poster_key: string | null;
  duration_ms: Generated<number>;
  nsfw: Generated<number>;
  view_count: Generated<number>;
  created_at: number;
  expires_at: number;
}

export interface StorySettingsTable {
  user_id: number;
  tutorial_done: Generated<number>;
  nsfw_allowed: Generated<number>;
}

/** The video pipeline's jobs (media/video): queued, running, done or failed. */
export interface VideoJobsTable {
  id: Generated<number>;
  kind: string;
  ref_id: number;
  owner_id: number;
  input_name: string;
  start_ms: Generated<number>;
  state: Generated<string>;
  attempts: Generated<number>;
  error: string | null;
  /** The stage's probe of the input (JSON), so the job does not probe it again; null: probe. */
  probe: string | null;
  created_at: number;
  updated_at: number;
}

export interface StoriesTables {
  stories: StoriesTable;
  story_views: { story_id: number; viewer_id: number; viewed_at: number };
  story_settings: StorySettingsTable;
  video_jobs: VideoJobsTable;
}
