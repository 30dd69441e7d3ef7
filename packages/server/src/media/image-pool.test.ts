import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../http/errors';
import { imagePoolStats, inImagePool, MAX_WAITING, setImageConcurrency } from './image-pool';

describe('image pool', () => {
  afterEach(() => setImageConcurrency(0));

  it('runs at most its concurrency at once and refuses past its waiting line', async () => {
    setImageConcurrency(2);
    let running = 0;
    let most = 0;
    const release: (() => void)[] = [];
    const job = () =>
      inImagePool(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => release.push(resolve));
        running--;
      });
    const jobs = Array.from({ length: 2 + MAX_WAITING }, job);
    await new Promise((resolve) => setImmediate(resolve));
    expect(imagePoolStats()).toMatchObject({ running: 2, waiting: MAX_WAITING });
    const refused = (() => {
      try {
        job();
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).toBody('es').message).toMatch(/muchas imágenes/);
    while (release.length || running) {
      release.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all(jobs);
    expect(most).toBe(2);
  });
});
