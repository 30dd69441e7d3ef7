import fs from 'node:fs/promises';
import { api, type Story, StoryLimits } from '@tertulia/contract';
import type { Deps } from '../../../deps';
import { me, type RequestContext } from '../../../http/context';
import { bind } from '../../../http/contract-routes';
import { notFound } from '../../../http/errors';
import { mediaStoreFor } from '../../../media/storage';
import type { MediaStore } from '../../../media/store-api';
import { uploadStory } from '../../stories/upload';
import { joinRecording, removeRecording } from './recording';
import { streamStore } from './store';

/**
 * live/saveBroadcastAsStory.do (docs/live.md, "Recording"): the caller's last broadcast, while
 * its recording is still kept (LIVE_KEEP_MS after the end), becomes a story of its last
 * StoryLimits.MAX_SECONDS. The joined file goes through the stories pipeline as an upload would
 * (its daily limit included); the recording is removed once handed over.
 */
export async function saveBroadcastAsStory(
  deps: Pick<Deps, 'db' | 'video' | 'config'>,
  media: MediaStore,
  ctx: RequestContext,
): Promise<Story> {
  const viewer = me(ctx);
  deps.video.ensureAvailable();
  const last = await streamStore(deps.db).lastEnded(viewer.id);
  if (!last) throw notFound('live.recording.gone');
  // A segment is about a second; one more covers a short first one.
  const joined = await joinRecording(
    media,
    last.broadcast_id,
    deps.config.ffmpegPath,
    StoryLimits.MAX_SECONDS + 1,
  );
  if (!joined) throw notFound('live.recording.gone');
  try {
    const size = (await fs.stat(joined.file)).size;
    const video = { filename: 'live.mp4', mimetype: 'video/mp4', path: joined.file, size };
    const story = await uploadStory(deps, { video }, ctx);
    await removeRecording(media, last.broadcast_id);
    return story;
  } finally {
    await fs.rm(joined.dir, { recursive: true, force: true });
  }
}

export function liveStreamRoutes(deps: Deps) {
  const media = mediaStoreFor(deps.config);
  return [bind(api.live.saveBroadcastAsStory, (_p, ctx) => saveBroadcastAsStory(deps, media, ctx))];
}
