import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { type ProbedVideo, parseProbed } from './probe';

export interface VideoJobRow {
  id: number;
  kind: string;
  ref_id: number;
  owner_id: number;
  input_name: string;
  start_ms: number;
  state: string;
  attempts: number;
  /** The stage's probe of the input, carried so the job need not probe it again. */
  probed?: ProbedVideo;
}

const columns = [
  'id',
  'kind',
  'ref_id',
  'owner_id',
  'input_name',
  'start_ms',
  'state',
  'attempts',
  'probe',
] as const;

/** All SQL of the video job queue (video_jobs). */
export function videoJobStore(db: Kysely<Database>) {
  return {
    async insert(job: {
      kind: string;
      refId: number;
      ownerId: number;
      inputName: string;
      startMs?: number;
      /** The stage's probe (media/video/pipeline.ts), for the job on whichever instance runs it. */
      probed?: ProbedVideo;
      now: number;
    }) {
      const row = await db
        .insertInto('video_jobs')
        .values({
          kind: job.kind,
          ref_id: job.refId,
          owner_id: job.ownerId,
          input_name: job.inputName,
          start_ms: job.startMs ?? 0,
          probe: job.probed ? JSON.stringify(job.probed) : null,
          created_at: job.now,
          updated_at: job.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** How many jobs are in each unfinished state (metrics: queue depth). */
    async unfinishedByState(): Promise<Record<string, number>> {
      const rows = await db
        .selectFrom('video_jobs')
        .select(['state', (eb) => eb.fn.countAll<number | string>().as('n')])
        .where('state', 'in', ['queued', 'running'])
        .groupBy('state')
        .execute();
      return Object.fromEntries(rows.map((r) => [r.state, Number(r.n)]));
    },

    async find(id: number): Promise<VideoJobRow | undefined> {
      const row = await db.selectFrom('video_jobs').select(columns).where('id', '=', id).executeTakeFirst();
      if (!row) return undefined;
      const { probe, ...job } = row;
      const probed = parseProbed(probe);
      return probed ? { ...job, probed } : job;
    },

    /** The oldest queued jobs' ids. */
    async queuedIds(limit: number): Promise<number[]> {
      const rows = await db
        .selectFrom('video_jobs')
        .select('id')
        .where('state', '=', 'queued')
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((r) => r.id);
    },

    /** Takes a queued job for this runner: false when another runner took it first. */
    async claim(id: number, now: number): Promise<boolean> {
      const result = await db
        .updateTable('video_jobs')
        .set((eb) => ({ state: 'running', attempts: eb('attempts', '+', 1), updated_at: now }))
        .where('id', '=', id)
        .where('state', '=', 'queued')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Marks a job taken by a (BullMQ) worker as running, whatever its state was. */
    async markRunning(id: number, now: number) {
      await db
        .updateTable('video_jobs')
        .set((eb) => ({ state: 'running', attempts: eb('attempts', '+', 1), updated_at: now }))
        .where('id', '=', id)
        .execute();
    },

    async finish(id: number, state: 'done' | 'failed' | 'queued', error: string | null, now: number) {
      await db
        .updateTable('video_jobs')
        .set({ state, error: error?.slice(0, 300) ?? null, updated_at: now })
        .where('id', '=', id)
        .execute();
    },

    /** Jobs a stopped process left running go back to the queue (single-process mode only). */
    async requeueRunning(now: number): Promise<number> {
      const result = await db
        .updateTable('video_jobs')
        .set({ state: 'queued', updated_at: now })
        .where('state', '=', 'running')
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Finished jobs older than `before` are forgotten. */
    async prune(before: number) {
      await db
        .deleteFrom('video_jobs')
        .where('state', 'in', ['done', 'failed'])
        .where('updated_at', '<', before)
        .execute();
    },

    async countByState(): Promise<Record<string, number>> {
      const rows = await db
        .selectFrom('video_jobs')
        .select(['state', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('state')
        .execute();
      return Object.fromEntries(rows.map((r) => [r.state, Number(r.n)]));
    },
  };
}
