import { useEffect, useRef } from 'react';

/** Layout work after a window resize waits until the resizing has paused this long. */
export const RESIZE_DEBOUNCE_MS = 150;

/** `fn` runs once, `wait` ms after the last of a burst of calls. */
export function debounce(fn: () => void, wait: number): { (): void; cancel(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      fn();
    }, wait);
  };
  run.cancel = () => clearTimeout(timer);
  return run;
}

/** Calls `handler` after the window stops resizing (debounced); returns the unsubscribe. */
export function onWindowResize(
  handler: () => void,
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
): () => void {
  const debounced = debounce(handler, RESIZE_DEBOUNCE_MS);
  target.addEventListener('resize', debounced, { passive: true });
  return () => {
    debounced.cancel();
    target.removeEventListener('resize', debounced);
  };
}

/** The hook form: the latest `handler` runs after each pause in resizing, while mounted. */
export function useWindowResize(handler: () => void): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => onWindowResize(() => latest.current()), []);
}
