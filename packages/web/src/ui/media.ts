import { useCallback, useSyncExternalStore } from 'react';

const listFor = (query: string) =>
  typeof window.matchMedia === 'function' ? window.matchMedia(query) : null;

/** Whether a media query matches now, kept current as the window changes (false without matchMedia). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = listFor(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => listFor(query)?.matches ?? false,
    () => false,
  );
}
