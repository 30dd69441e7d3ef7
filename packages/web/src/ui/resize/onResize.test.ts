import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { debounce, onWindowResize, RESIZE_DEBOUNCE_MS } from './onResize';

describe('resize debouncing', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs once, 150 ms after the last resize of a burst', () => {
    expect(RESIZE_DEBOUNCE_MS).toBe(150);
    const target = new EventTarget();
    const handler = vi.fn();
    const stop = onWindowResize(handler, target as unknown as Window);
    for (let i = 0; i < 5; i++) {
      target.dispatchEvent(new Event('resize'));
      vi.advanceTimersByTime(100);
    }
    expect(handler).not.toHaveBeenCalled();
    vi.advanceTimersByTime(50);
    expect(handler).toHaveBeenCalledTimes(1);
    target.dispatchEvent(new Event('resize'));
    stop();
    vi.advanceTimersByTime(RESIZE_DEBOUNCE_MS);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('cancel drops a pending call', () => {
    const fn = vi.fn();
    const debounced = debounce(fn, 10);
    debounced();
    debounced.cancel();
    vi.advanceTimersByTime(20);
    expect(fn).not.toHaveBeenCalled();
  });
});
