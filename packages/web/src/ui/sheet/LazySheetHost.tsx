import { lazy, Suspense, useEffect, useState } from 'react';
import { useStore } from '../store';
import { sheets } from './sheetStore';

const load = () => import('./SheetHost');
const SheetHost = lazy(load);

/**
 * Sheets are opened by a tap, rarely in the first second: their dialog library loads when the
 * browser is idle, or at once when a sheet opens first.
 */
export function LazySheetHost() {
  const entries = useStore(sheets);
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (entries.length > 0) setWanted(true);
  }, [entries.length]);
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 2000));
    idle(() => void load());
  }, []);
  if (!wanted && entries.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <SheetHost />
    </Suspense>
  );
}
