import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DEFAULT_MS, ToastQueue, toastLabel } from './toastStore';

describe('toast queue', () => {
  let queue: ToastQueue;
  beforeEach(() => {
    vi.useFakeTimers();
    queue = new ToastQueue();
  });
  afterEach(() => vi.useRealTimers());

  const currentText = () => queue.getState().current?.text;

  it('shows one toast at a time, in order', () => {
    queue.success('uno');
    queue.error('dos');
    queue.notice('tres');
    expect(currentText()).toBe('uno');
    expect(queue.getState().queue.map((t) => t.text)).toEqual(['dos', 'tres']);
    queue.close(queue.getState().current!.id);
    expect(currentText()).toBe('dos');
  });

  it('closes after 5000 ms by default, and not before', () => {
    expect(TOAST_DEFAULT_MS).toBe(5000);
    queue.success('uno');
    queue.success('dos');
    vi.advanceTimersByTime(4999);
    expect(currentText()).toBe('uno');
    vi.advanceTimersByTime(1);
    expect(currentText()).toBe('dos');
    vi.advanceTimersByTime(5000);
    expect(queue.getState().current).toBeNull();
  });

  it('honours a custom duration and a sticky (null) one', () => {
    queue.notice('corto', { duration: 1000 });
    vi.advanceTimersByTime(1000);
    expect(queue.getState().current).toBeNull();
    queue.notice('fijo', { duration: null });
    vi.advanceTimersByTime(60_000);
    expect(currentText()).toBe('fijo');
  });

  it('the timer of the next toast starts when it shows, not when queued', () => {
    queue.notice('a');
    vi.advanceTimersByTime(4000);
    queue.notice('b');
    vi.advanceTimersByTime(1000); // a closes, b shows now
    expect(currentText()).toBe('b');
    vi.advanceTimersByTime(4999);
    expect(currentText()).toBe('b');
    vi.advanceTimersByTime(1);
    expect(queue.getState().current).toBeNull();
  });

  it('a click runs the action and closes it; the close button only closes', () => {
    const onClick = vi.fn();
    const first = queue.notice('con acción', { onClick });
    queue.notice('siguiente', { onClick });
    queue.click(first);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(currentText()).toBe('siguiente');
    queue.close(queue.getState().current!.id);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(queue.getState().current).toBeNull();
  });

  it('a click on a toast that is not showing does nothing', () => {
    const onClick = vi.fn();
    queue.notice('a');
    const queued = queue.notice('b', { onClick });
    queue.click(queued);
    expect(onClick).not.toHaveBeenCalled();
    expect(currentText()).toBe('a');
  });

  it('a critical toast clears the queue and shows at once', () => {
    queue.notice('a');
    queue.notice('b');
    queue.notice('c');
    queue.error('crítico', { critical: true });
    expect(currentText()).toBe('crítico');
    expect(queue.getState().queue).toEqual([]);
    vi.advanceTimersByTime(5000);
    expect(queue.getState().current).toBeNull();
  });

  it('progress toasts have no timeout, show percent, and read "Procesando" at 100', () => {
    const progress = queue.progress('Subiendo foto');
    vi.advanceTimersByTime(60_000);
    const shown = () => queue.getState().current!;
    expect(shown().kind).toBe('progress');
    expect(shown().percent).toBe(0);
    expect(toastLabel(shown())).toBe('Subiendo foto');
    progress.update(42.4);
    expect(shown().percent).toBe(42);
    expect(toastLabel(shown())).toBe('Subiendo foto');
    progress.update(100);
    expect(toastLabel(shown())).toBe('Procesando');
    progress.update(250);
    expect(shown().percent).toBe(100);
    progress.close();
    expect(queue.getState().current).toBeNull();
  });

  it('has every kind of toast', () => {
    queue.error('e');
    queue.warning('w');
    queue.success('s');
    queue.notice('n');
    queue.loveReceived('lr');
    queue.loveEarned('le');
    queue.progress('p');
    const kinds = [queue.getState().current!, ...queue.getState().queue].map((t) => t.kind);
    expect(kinds).toEqual([
      'error',
      'warning',
      'success',
      'notice',
      'loveReceived',
      'loveEarned',
      'progress',
    ]);
  });

  it('closing a queued toast removes it without touching the current one', () => {
    queue.notice('a');
    const b = queue.notice('b');
    queue.notice('c');
    queue.close(b);
    expect(currentText()).toBe('a');
    expect(queue.getState().queue.map((t) => t.text)).toEqual(['c']);
  });
});
