import { describe, expect, it } from 'vitest';
import { INFINITE_CHECK_MS, shouldLoadMore } from './shouldLoadMore';

describe('shouldLoadMore', () => {
  it('checks every 200 ms', () => expect(INFINITE_CHECK_MS).toBe(200));

  it('loads when the remaining distance is under the threshold', () => {
    // remaining = 5000 - 3600 - 1000 = 400
    expect(shouldLoadMore({ scrollTop: 3600, scrollHeight: 5000, clientHeight: 1000 }, 500)).toBe(true);
    expect(shouldLoadMore({ scrollTop: 3400, scrollHeight: 5000, clientHeight: 1000 }, 500)).toBe(false);
  });

  it('loads when the remaining distance is under half the container', () => {
    // remaining 900 >= threshold 100, but < 2000 / 2
    expect(shouldLoadMore({ scrollTop: 2100, scrollHeight: 5000, clientHeight: 2000 }, 100)).toBe(true);
    expect(shouldLoadMore({ scrollTop: 1900, scrollHeight: 5000, clientHeight: 2000 }, 100)).toBe(false);
  });

  it('a page shorter than the container loads more at once', () => {
    expect(shouldLoadMore({ scrollTop: 0, scrollHeight: 300, clientHeight: 800 }, 0)).toBe(true);
  });
});
