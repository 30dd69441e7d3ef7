import { FeedEventType, imageUrl, PhotoPrivacy, ProfileMediaLimits } from '@tertulia/contract';
import type { Deps } from '../../deps';
import { originalName, variantPrefix } from '../../media/keys';
import type { JobHandler } from '../../media/video/queue';
import { newVideoName, SONG_KIND, videoUrl } from '../../media/video/serve';
import { type MediaFiles, type ProfileMediaKind, profileMediaStore } from './profile-media-store';

/** The video queue's job kinds of the profile song and video (ref_id: the member). */
export const PROFILE_MEDIA_JOBS: Record<ProfileMediaKind, string> = {
  song: 'profile-song',
  video: 'profile-video',
};

const FILE_KIND: Record<ProfileMediaKind, string> = { song: SONG_KIND, video: 'profilevideo' };
const EVENT_TYPE: Record<ProfileMediaKind, number> = { song: FeedEventType.SONG, video: FeedEventType.VIDEO };

/** The feed event's key: one per file, so a replaced or removed file's event can be dropped. */
export const profileMediaKey = (kind: ProfileMediaKind, userId: number, file: string) =>
  `${FILE_KIND[kind]}:${userId}:${file.slice(file.lastIndexOf('_') + 1, -'.mp4'.length)}`;

/** Removes a kind's stored files: the audio or video, and a video's poster with its variants. */
export async function removeMediaFiles(
  deps: Pick<Deps, 'video'>,
  files: Pick<MediaFiles, 'file' | 'poster'>,
) {
  if (files.file) await deps.video.remove(files.file);
  if (files.poster) {
    await deps.video.remove(originalName(files.poster));
    await deps.video.remove(variantPrefix(files.poster));
  }
}

/**
 * The job of an uploaded profile song or video: transcode (AAC for a song; the stories' H.264
 * pipeline and a poster for a video), then, in one transaction, make it current if the upload is
 * still the member's latest (profile-media-store.ts adopt), drop the event of the file it
 * replaces and record feed event 12 or 13. The replaced files go after the commit.
 */
export function profileMediaJobHandler(
  deps: Pick<Deps, 'db' | 'video' | 'feedLog'>,
  kind: ProfileMediaKind,
): JobHandler {
  const { video } = deps;
  return {
    async run(job, signal) {
      const userId = job.ref_id;
      // Superseded by a later upload, or removed, while it waited: nothing to make.
      if (!(await profileMediaStore(deps.db).pending(userId, kind, job.id))) {
        await video.remove(job.input_name);
        return;
      }
      const name = newVideoName(FILE_KIND[kind], userId);
      let poster: string | undefined;
      if (kind === 'song') {
        await video.produceAudio(job.input_name, name, {
          maxSeconds: ProfileMediaLimits.SONG_MAX_SECONDS,
          signal,
        });
      } else {
        const produced = await video.produce(job.input_name, name, {
          maxSeconds: ProfileMediaLimits.VIDEO_MAX_SECONDS,
          probed: job.probed,
          signal,
        });
        poster = produced.posterKey;
      }
      const now = Date.now();
      const replaced = await deps.db.transaction().execute(async (trx) => {
        const before = await profileMediaStore(trx).adopt(userId, kind, job.id, name, poster);
        if (!before) return undefined;
        if (before.file) await deps.feedLog.dropByKey(trx, profileMediaKey(kind, userId, before.file));
        const properties: Record<string, unknown> = { 'source.user': userId, 'media.url': videoUrl(name) };
        if (poster) properties['media.poster'] = imageUrl(poster, { width: 720 });
        if (kind === 'song' && before.title) properties['media.title'] = before.title;
        await deps.feedLog.recordOnce(trx, {
          type: EVENT_TYPE[kind],
          userId,
          key: profileMediaKey(kind, userId, name),
          properties,
          // The profile's privacy: everyone for an open profile, friends for a private one.
          privacy: before.buddiesPrivate ? PhotoPrivacy.FRIENDS : PhotoPrivacy.PUBLIC,
          now,
        });
        return before;
      });
      await video.remove(job.input_name);
      // Superseded while transcoding: this job's files are nobody's.
      await removeMediaFiles(deps, replaced ?? { file: name, poster: poster ?? null });
    },
    async failed(job) {
      await profileMediaStore(deps.db).dropPending(job.ref_id, kind, job.id);
      await video.remove(job.input_name);
    },
  };
}
