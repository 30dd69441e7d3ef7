import type { Kysely } from 'kysely';

/**
 * The title sent with a profile song upload waits here until its transcode succeeds
 * (docs/profile-media.md): a failed or superseded upload leaves the current song's title alone.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('song_pending_title', 'varchar(200)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('song_pending_title').execute();
}
