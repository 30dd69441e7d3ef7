import type { Kysely } from 'kysely';
import { idColumnType, primaryId } from '../dialect';

/**
 * Stories and the video pipeline (docs/stories.md, docs/video.md). A story row exists from the
 * upload on (state processing) so its author sees it; it plays once its job finished (ready).
 * video_jobs is the pipeline's queue and record: a job left 'running' by a stopped server is run
 * again at the next start.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('stories')
    .addColumn('id', idColumnType(db), primaryId(db))
    .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('state', 'varchar(12)', (c) => c.notNull().defaultTo('processing'))
    .addColumn('video_name', 'varchar(200)')
    .addColumn('poster_key', 'varchar(64)')
    .addColumn('duration_ms', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('nsfw', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('view_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('like_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('stories_author').on('stories').columns(['author_id', 'expires_at']).execute();
  await db.schema.createIndex('stories_expiry').on('stories').column('expires_at').execute();

  await db.schema
    .createTable('story_views')
    .addColumn('story_id', 'integer', (c) => c.notNull().references('stories.id').onDelete('cascade'))
    .addColumn('viewer_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('viewed_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('story_views_pk', ['story_id', 'viewer_id'])
    .execute();
  await db.schema
    .createIndex('story_views_viewer')
    .on('story_views')
    .columns(['viewer_id', 'story_id'])
    .execute();
  await db.schema
    .createIndex('story_views_recent')
    .on('story_views')
    .columns(['story_id', 'viewed_at'])
    .execute();

  await db.schema
    .createTable('story_settings')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('tutorial_done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('nsfw_allowed', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('video_jobs')
    .addColumn('id', idColumnType(db), primaryId(db))
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('ref_id', 'integer', (c) => c.notNull())
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    .addColumn('input_name', 'varchar(200)', (c) => c.notNull())
    // Where the output starts in the input (the upload dialog's trim), in milliseconds.
    .addColumn('start_ms', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('state', 'varchar(12)', (c) => c.notNull().defaultTo('queued'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'varchar(300)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('video_jobs_state').on('video_jobs').columns(['state', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['video_jobs', 'story_settings', 'story_views', 'stories']) {
    await db.schema.dropTable(table).execute();
  }
}
