import type { Kysely } from 'kysely';

/**
 * A video job carries the stage's probe of its input (JSON of media/video/probe.ts's ProbedVideo),
 * so the job, on whichever instance runs it, need not run ffprobe on the same file again
 * (tools/bench/README.md, "Session 14, perf-stories"). Null for jobs queued before it, and for
 * audio jobs: those probe as they did.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('video_jobs').addColumn('probe', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('video_jobs').dropColumn('probe').execute();
}
