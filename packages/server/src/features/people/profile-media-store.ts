import type { Kysely, Updateable } from 'kysely';
import type { Database, UsersTable } from '../../db/schema';

export type ProfileMediaKind = 'song' | 'video';

export interface MediaFiles {
  file: string | null;
  poster: string | null;
  /** The song's title (User.song). */
  title: string | null;
  buddiesPrivate: boolean;
}

const fileColumn = (kind: ProfileMediaKind) => (kind === 'song' ? 'song_file' : 'profile_video_file');
const jobColumn = (kind: ProfileMediaKind) => (kind === 'song' ? 'song_job' : 'profile_video_job');

/** What clearing a kind writes: its file and pending job; a song's title, a video's poster. */
const cleared = (kind: ProfileMediaKind): Updateable<UsersTable> =>
  kind === 'song'
    ? { song_file: null, song_job: 0, song: null, song_pending_title: null }
    : { profile_video_file: null, profile_video_job: 0, profile_video_poster: null };

/** All SQL of the profile song and video (docs/profile-media.md). */
export function profileMediaStore(db: Kysely<Database>) {
  async function filesOf(userId: number, kind: ProfileMediaKind, jobId?: number) {
    let q = db
      .selectFrom('users')
      .select([
        'song',
        'song_pending_title',
        'song_file',
        'profile_video_file',
        'profile_video_poster',
        'buddies_private',
      ])
      .where('id', '=', userId);
    if (jobId !== undefined) q = q.where(jobColumn(kind), '=', jobId);
    const row = await q.executeTakeFirst();
    if (!row) return undefined;
    return {
      file: kind === 'song' ? row.song_file : row.profile_video_file,
      poster: kind === 'video' ? row.profile_video_poster : null,
      // While a job is named, the title it brings (a song sent without one keeps the current one).
      title: jobId !== undefined ? (row.song_pending_title ?? row.song) : row.song,
      buddiesPrivate: row.buddies_private === 1,
    } satisfies MediaFiles;
  }

  return {
    /** Whether the job is still the pending upload of its kind (else its work is wasted). */
    pending: async (userId: number, kind: ProfileMediaKind, jobId: number) =>
      (await filesOf(userId, kind, jobId)) !== undefined,

    /** The upload's job becomes the one whose result may be adopted (a later upload supersedes it). */
    async setPending(userId: number, kind: ProfileMediaKind, jobId: number, title?: string) {
      const set: Updateable<UsersTable> =
        kind === 'song'
          ? { song_job: jobId, song_pending_title: title ?? null }
          : { profile_video_job: jobId };
      await db.updateTable('users').set(set).where('id', '=', userId).execute();
    },

    /**
     * Makes a finished job's file current, only while the job is still the pending one (a
     * conditional write: a later upload or a removal wins). Answers the files it replaced, or
     * undefined when the job was superseded (its own file must then go). A song's pending title
     * becomes its title now, not at upload: a failed transcode keeps the old song and title.
     */
    async adopt(
      userId: number,
      kind: ProfileMediaKind,
      jobId: number,
      file: string,
      poster?: string,
    ): Promise<MediaFiles | undefined> {
      const before = await filesOf(userId, kind, jobId);
      if (!before) return undefined;
      const update = db.updateTable('users').where('id', '=', userId).where(jobColumn(kind), '=', jobId);
      const result = await (kind === 'song'
        ? update.set((eb) => ({
            song_file: file,
            song_job: 0,
            // In SQL, not the title read above: an edit of the title meanwhile is kept.
            song: eb.fn.coalesce('song_pending_title', 'song'),
            song_pending_title: null,
          }))
        : update.set({ profile_video_file: file, profile_video_job: 0, profile_video_poster: poster ?? null })
      ).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1 ? before : undefined;
    },

    /** A job that gave up stops being pending (only if it still is). */
    async dropPending(userId: number, kind: ProfileMediaKind, jobId: number) {
      const set: Updateable<UsersTable> =
        kind === 'song' ? { song_job: 0, song_pending_title: null } : { profile_video_job: 0 };
      await db
        .updateTable('users')
        .set(set)
        .where('id', '=', userId)
        .where(jobColumn(kind), '=', jobId)
        .execute();
    },

    /**
     * Clears the kind and any pending job; answers the files it held. The write is conditional
     * on the file read: a job adopting a new file meanwhile makes it read again, so the file it
     * answers is the one it cleared (and the caller removes it).
     */
    async remove(userId: number, kind: ProfileMediaKind): Promise<MediaFiles | undefined> {
      for (let attempt = 0; attempt < 5; attempt++) {
        const before = await filesOf(userId, kind);
        if (!before) return undefined;
        const column = fileColumn(kind);
        const result = await db
          .updateTable('users')
          .set(cleared(kind))
          .where('id', '=', userId)
          .where((eb) => (before.file === null ? eb(column, 'is', null) : eb(column, '=', before.file)))
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 1) return before;
      }
      throw new Error('profile media kept changing during its removal');
    },
  };
}
export type ProfileMediaStore = ReturnType<typeof profileMediaStore>;
