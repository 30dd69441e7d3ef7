import { Queue, Worker } from 'bullmq';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { videoJobStore } from './job-store';
import { type JobHandler, MAX_ATTEMPTS, type QueueLog, runJob, type VideoQueue } from './queue';

/** ioredis options from a redis:// URL (BullMQ's workers need maxRetriesPerRequest null). */
function connectionOf(url: string) {
  const u = new URL(url);
  return {
    host: u.hostname,
    port: Number(u.port || 6379),
    username: u.username || undefined,
    password: u.password ? decodeURIComponent(u.password) : undefined,
    db: Number(u.pathname.slice(1) || 0),
    tls: u.protocol === 'rediss:' ? {} : undefined,
    maxRetriesPerRequest: null,
  };
}

/**
 * With REDIS_URL: jobs go through BullMQ, so whichever instance has a free slot runs them, each
 * at most `concurrency` at a time. The database row stays the record (state, attempts); BullMQ
 * carries only its id. A worker that dies mid-job leaves it stalled and BullMQ hands it to
 * another worker; rows still queued at start (a kick lost in a crash) are added again, and
 * adding is idempotent (the job id is the row's id).
 */
export function bullVideoQueue(
  db: Kysely<Database>,
  options: { url: string; prefix: string; concurrency: number; log: QueueLog },
): VideoQueue {
  const store = videoJobStore(db);
  const handlers = new Map<string, JobHandler>();
  const connection = connectionOf(options.url);
  const name = 'video';
  const queue = new Queue(name, { connection, prefix: `${options.prefix}bull` });
  let worker: Worker | undefined;
  const controllers = new Set<AbortController>();
  const running = new Set<Promise<unknown>>();

  const add = (jobId: number) =>
    queue
      .add(
        'transcode',
        { jobId },
        {
          jobId: `video-${jobId}`,
          attempts: MAX_ATTEMPTS,
          backoff: { type: 'exponential', delay: 2000 },
          removeOnComplete: true,
          removeOnFail: 1000,
        },
      )
      .catch((error) => options.log.error({ err: error, jobId }, 'video job not queued'));

  return {
    mode: 'redis',
    handle: (kind, handler) => void handlers.set(kind, handler),
    kick: (jobId) => void add(jobId),
    async start() {
      worker = new Worker(
        name,
        async (bullJob) => {
          const id = Number((bullJob.data as { jobId: number }).jobId);
          const row = await store.find(id);
          if (!row || row.state === 'done' || row.state === 'failed') return;
          await store.markRunning(id, Date.now());
          const controller = new AbortController();
          controllers.add(controller);
          const last = bullJob.attemptsMade + 1 >= MAX_ATTEMPTS;
          const task = runJob(
            db,
            handlers,
            { ...row, attempts: row.attempts + 1 },
            controller.signal,
            options.log,
            !last,
          );
          running.add(task);
          try {
            const outcome = await task;
            // BullMQ retries on a throw; a refusal or a final failure is recorded already.
            if (outcome === 'retry') throw new Error('video job failed; retrying');
            // Stopped with this instance: back to queued, and BullMQ gives it to another worker.
            if (outcome === 'aborted') {
              await store.finish(id, 'queued', 'interrupted', Date.now());
              throw new Error('video job interrupted');
            }
          } finally {
            running.delete(task);
            controllers.delete(controller);
          }
        },
        { connection, prefix: `${options.prefix}bull`, concurrency: options.concurrency },
      );
      worker.on('error', (error) => options.log.error({ err: error }, 'video worker'));
      for (const id of await store.queuedIds(1000)) void add(id);
    },
    async close() {
      for (const controller of controllers) controller.abort();
      await worker?.close();
      await queue.close();
    },
    active: () => running.size,
    async idle() {
      for (;;) {
        const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
        const pending = Object.values(counts).reduce((a, b) => a + b, 0);
        if (!pending && !running.size) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}
