import os from 'node:os';
import fastq from 'fastq';
import { ApiError } from '../http/errors';

/**
 * Image decodes run a few at a time (docs/security.md, "Images"). libvips works on libuv's thread
 * pool with native memory that a worker thread's heap limit would not bound, so the bound is the
 * number decoding at once (each already capped by its checked header) plus a short waiting line.
 */
const pool = fastq.promise(async (job: () => Promise<unknown>) => job(), defaultConcurrency());
/** Past this many waiting, an upload is told to come back in a moment instead of holding memory. */
export const MAX_WAITING = 32;

function defaultConcurrency(): number {
  return Math.max(1, Math.floor(os.availableParallelism() / 2));
}

/** IMAGE_CONCURRENCY (config.ts); 0 keeps the default of half the cores. */
export function setImageConcurrency(concurrency: number): void {
  pool.concurrency = concurrency > 0 ? concurrency : defaultConcurrency();
}

export function imagePoolStats() {
  return { running: pool.running(), waiting: pool.length(), concurrency: pool.concurrency };
}

/** Runs one decode when a slot is free. */
export function inImagePool<T>(job: () => Promise<T>): Promise<T> {
  if (pool.length() >= MAX_WAITING) {
    throw new ApiError('ApiRateLimitException', 'image.busy', {}, { retryAfterSeconds: 5 });
  }
  return pool.push(job) as Promise<T>;
}
