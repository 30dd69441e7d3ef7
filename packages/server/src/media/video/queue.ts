import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { type VideoJobRow, videoJobStore } from './job-store';

export type VideoJob = VideoJobRow;

/** What a kind of job does (and reports its own progress); a thrown VideoRefusal is final. */
export interface JobHandler {
  run(job: VideoJob, signal: AbortSignal): Promise<void>;
  /** Called once when the job gave up (refused, or failed MAX_ATTEMPTS times). */
  failed(job: VideoJob, error: unknown): Promise<void>;
}

/** An error that retrying will not fix (the file is bad): the job fails at once. */
export class VideoRefusal extends Error {}

export const MAX_ATTEMPTS = 3;

export interface VideoQueue {
  readonly mode: 'local' | 'redis';
  handle(kind: string, handler: JobHandler): void;
  /** After the commit that recorded the job: start it (now, or when a slot frees). */
  kick(jobId: number): void;
  start(): Promise<void>;
  /** Stops taking jobs and aborts running ones; they run again at the next start. */
  close(): Promise<void>;
  /** Jobs running in this process now (tests check the bound). */
  active(): number;
  /** Resolves when no job is queued or running in this process (tests). */
  idle(): Promise<void>;
}

export interface QueueLog {
  warn(obj: unknown, msg: string): void;
  error(obj: unknown, msg: string): void;
}

/** Runs one claimed job: the handler, then its row's final state. Shared by both queues. */
export async function runJob(
  db: Kysely<Database>,
  handlers: Map<string, JobHandler>,
  job: VideoJob,
  signal: AbortSignal,
  log: QueueLog,
  retryable = true,
): Promise<'done' | 'failed' | 'retry' | 'aborted'> {
  const store = videoJobStore(db);
  const handler = handlers.get(job.kind);
  try {
    if (!handler) throw new VideoRefusal(`no handler for ${job.kind}`);
    await handler.run(job, signal);
    await store.finish(job.id, 'done', null, Date.now());
    return 'done';
  } catch (error) {
    if (signal.aborted) return 'aborted';
    const final = error instanceof VideoRefusal || !retryable || job.attempts >= MAX_ATTEMPTS;
    log.warn({ err: error, jobId: job.id, attempt: job.attempts, final }, 'video job failed');
    await store.finish(job.id, final ? 'failed' : 'queued', String(error), Date.now());
    if (final)
      await handler?.failed(job, error).catch((e) => log.error({ err: e }, 'video job failure handler'));
    return final ? 'failed' : 'retry';
  }
}

/**
 * The in-process queue, kept in the database: at most `concurrency` jobs run at once, the others
 * wait in video_jobs. A job left running by a stopped process is queued again at start, so an
 * interrupted transcode starts over and completes. Polls now and then in case a kick was missed.
 */
export function localVideoQueue(
  db: Kysely<Database>,
  options: { concurrency: number; pollMs?: number; log: QueueLog },
): VideoQueue {
  const store = videoJobStore(db);
  const handlers = new Map<string, JobHandler>();
  const controllers = new Set<AbortController>();
  const running = new Set<Promise<unknown>>();
  let started = false;
  let closed = false;
  let pumping: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  async function pumpOnce() {
    while (!closed && running.size < options.concurrency) {
      const ids = await store.queuedIds(options.concurrency);
      let took = false;
      for (const id of ids) {
        if (closed || running.size >= options.concurrency) break;
        if (!(await store.claim(id, Date.now()))) continue;
        const job = await store.find(id);
        if (!job) continue;
        took = true;
        const controller = new AbortController();
        controllers.add(controller);
        const task = runJob(db, handlers, job, controller.signal, options.log)
          .catch((error) => options.log.error({ err: error }, 'video job'))
          .finally(() => {
            controllers.delete(controller);
            running.delete(task);
            pump();
          });
        running.add(task);
      }
      if (!took) break;
    }
  }

  /** One pump at a time; a kick during a pump makes it look once more. */
  function pump() {
    if (!started || closed) return;
    if (pumping) {
      again = true;
      return;
    }
    pumping = pumpOnce()
      .catch((error) => options.log.error({ err: error }, 'video queue'))
      .finally(() => {
        pumping = undefined;
        if (again) {
          again = false;
          pump();
        }
      });
  }

  return {
    mode: 'local',
    handle: (kind, handler) => void handlers.set(kind, handler),
    kick: () => pump(),
    async start() {
      started = true;
      const resumed = await store.requeueRunning(Date.now());
      if (resumed) options.log.warn({ resumed }, 'video jobs interrupted by a restart run again');
      timer = setInterval(pump, options.pollMs ?? 5000);
      timer.unref();
      pump();
    },
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      for (const controller of controllers) controller.abort();
      await pumping;
      await Promise.allSettled([...running]);
    },
    active: () => running.size,
    async idle() {
      for (;;) {
        await pumping;
        if (running.size) await Promise.allSettled([...running]);
        else if ((await store.queuedIds(1)).length === 0 || closed) return;
        else await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}
