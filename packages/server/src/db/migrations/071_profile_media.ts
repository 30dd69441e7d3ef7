import type { Kysely } from 'kysely';

/**
 * A member's profile song and profile video (docs/profile-media.md): the stored files (names in
 * the media store; a video's poster is an image key) and the upload job whose result may still
 * become current (0 when none is pending). A job sets its file only while it is still that job
 * (a conditional write), so a later upload or a removal always wins over an earlier transcode.
 */
const COLUMNS: [name: string, type: 'varchar(160)' | 'integer'][] = [
  ['song_file', 'varchar(160)'],
  ['song_job', 'integer'],
  ['profile_video_file', 'varchar(160)'],
  ['profile_video_poster', 'varchar(160)'],
  ['profile_video_job', 'integer'],
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, type] of COLUMNS) {
    await db.schema
      .alterTable('users')
      .addColumn(name, type, (c) => (type === 'integer' ? c.notNull().defaultTo(0) : c))
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of COLUMNS) await db.schema.alterTable('users').dropColumn(name).execute();
}
