import { lazy, Suspense, useEffect, useState } from 'react';
import { useStore } from '../store';
import { popups } from './popupStore';

const PopupHost = lazy(() => import('./PopupHost').then((m) => ({ default: m.PopupHost })));

/**
 * Popups (tips, "new" notes) show on a few first visits only: their drawing code loads when the
 * first one is asked for, not with every page (e2e/first-load.e2e.test.ts).
 */
export function LazyPopupHost() {
  const entries = useStore(popups);
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (entries.length > 0) setWanted(true);
  }, [entries.length]);
  if (!wanted && entries.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <PopupHost />
    </Suspense>
  );
}
