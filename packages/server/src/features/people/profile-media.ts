import { imageUrl, PhotoPrivacy, ProfileMediaLimits, type User } from '@tertulia/contract';
import type { Deps } from '../../deps';
import type { UserRow } from '../../http/context';
import { invalid } from '../../http/errors';
import { isUploadedFile } from '../../http/uploads';
import { videoJobStore } from '../../media/video/job-store';
import type { ProbedVideo } from '../../media/video/probe';
import { videoUrl } from '../../media/video/serve';
import { maySeeItem } from '../../policy/privacy';
import { PROFILE_MEDIA_JOBS, profileMediaKey, removeMediaFiles } from './profile-media-jobs';
import { type ProfileMediaKind, profileMediaStore } from './profile-media-store';

type MediaRow = Pick<
  UserRow,
  | 'id'
  | 'buddies_private'
  | 'song_file'
  | 'song_job'
  | 'profile_video_file'
  | 'profile_video_poster'
  | 'profile_video_job'
>;

/**
 * The profile song and video on a User (docs/profile-media.md), for a viewer who may see the
 * profile: the item rule of policy/privacy.ts with the profile's own privacy (an open profile
 * shows them to everyone, a private one to friends). The owner also learns what is processing.
 */
export function applyProfileMedia(user: User, row: MediaRow, viewer: { id: number }, isFriend: boolean) {
  const isAuthor = viewer.id === row.id;
  const sight = {
    privacy: PhotoPrivacy.PUBLIC,
    isAuthor,
    isFriend,
    authorPrivate: row.buddies_private === 1,
  };
  if (!maySeeItem(sight)) return;
  if (row.song_file) user.songUrl = videoUrl(row.song_file);
  if (row.profile_video_file) {
    user.profileVideo = {
      url: videoUrl(row.profile_video_file),
      ...(row.profile_video_poster ? { poster: imageUrl(row.profile_video_poster, { width: 720 }) } : {}),
    };
  }
  if (isAuthor) {
    user.songProcessing = row.song_job > 0;
    user.profileVideoProcessing = row.profile_video_job > 0;
  }
}

/**
 * user/setProfileSong.do, setProfileVideo.do and their removals. An upload is checked and staged
 * on the request (a bad file is a 400 with nothing kept), its job recorded as the member's pending
 * one in the same transaction, then started; the answer is the member's own User (processing).
 */
export function profileMediaUseCases(
  deps: Pick<Deps, 'db' | 'video' | 'feedLog'>,
  ownUser: (self: UserRow) => Promise<User>,
) {
  async function queue(
    self: UserRow,
    kind: ProfileMediaKind,
    inputName: string,
    extra: { title?: string; probed?: ProbedVideo } = {},
  ) {
    const now = Date.now();
    let jobId: number;
    try {
      jobId = await deps.db.transaction().execute(async (trx) => {
        const id = await videoJobStore(trx).insert({
          kind: PROFILE_MEDIA_JOBS[kind],
          refId: self.id,
          ownerId: self.id,
          inputName,
          probed: extra.probed,
          now,
        });
        await profileMediaStore(trx).setPending(self.id, kind, id, extra.title);
        return id;
      });
    } catch (error) {
      await deps.video.remove(inputName);
      throw error;
    }
    deps.video.queue.kick(jobId);
    return ownUser(self);
  }

  return {
    async setSong(self: UserRow, p: { song: unknown; title?: string }): Promise<User> {
      deps.video.ensureAvailable();
      if (!isUploadedFile(p.song)) throw invalid('song', 'upload.fileExpected');
      if (p.song.size === 0) throw invalid('song', 'song.type');
      const { inputName } = await deps.video.stageAudio(p.song, ProfileMediaLimits.SOURCE_MAX_SECONDS);
      return queue(self, 'song', inputName, { title: p.title?.trim() || undefined });
    },

    async setVideo(self: UserRow, p: { video: unknown }): Promise<User> {
      deps.video.ensureAvailable();
      if (!isUploadedFile(p.video)) throw invalid('video', 'upload.fileExpected');
      if (p.video.size === 0) throw invalid('video', 'video.type');
      const { inputName, probed } = await deps.video.stage(p.video);
      return queue(self, 'video', inputName, { probed });
    },

    /** Clears the kind, its pending upload and its feed event in one transaction; files after. */
    async remove(self: UserRow, kind: ProfileMediaKind): Promise<User> {
      const before = await deps.db.transaction().execute(async (trx) => {
        const files = await profileMediaStore(trx).remove(self.id, kind);
        if (files?.file) await deps.feedLog.dropByKey(trx, profileMediaKey(kind, self.id, files.file));
        return files;
      });
      // A failed removal of a file leaves an orphan, never an error for a committed write.
      if (before) await removeMediaFiles(deps, before).catch(() => {});
      return ownUser(self);
    },
  };
}
