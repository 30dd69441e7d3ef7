import { lazy, Suspense, useEffect, useState } from 'react';
import { useStore } from '../store';
import { sheets } from './sheetStore';

const SheetHost = lazy(() => import('./SheetHost'));

/**
 * Sheets are opened by a tap, rarely in the first second: their dialog library (~7 KiB
 * compressed) loads when a sheet first opens, not with the page, which keeps a member's first
 * visit within its script budget (e2e/first-load.e2e.test.ts).
 */
export function LazySheetHost() {
  const entries = useStore(sheets);
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (entries.length > 0) setWanted(true);
  }, [entries.length]);
  if (!wanted && entries.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <SheetHost />
    </Suspense>
  );
}
