import { type ComponentType, Suspense, useEffect, useState } from 'react';
import { type Store, useStore } from './store';

/**
 * Mounts `host` (a React.lazy component) the first time `store` holds an entry, not with the page:
 * sheets (their dialog library, ~7 KiB compressed) and popups (shown on a few first visits) open
 * rarely in the first second, which keeps a member's first visit within its script budget
 * (e2e/first-load.e2e.test.ts). Once loaded it stays mounted, for closing animations.
 */
export function LazyHost({ store, host: Host }: { store: Store<readonly unknown[]>; host: ComponentType }) {
  const entries = useStore(store);
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (entries.length > 0) setWanted(true);
  }, [entries.length]);
  if (!wanted && entries.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Host />
    </Suspense>
  );
}
