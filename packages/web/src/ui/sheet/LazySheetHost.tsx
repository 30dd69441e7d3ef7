import { lazy } from 'react';
import { LazyHost } from '../lazyHost';
import { sheets } from './sheetStore';

const SheetHost = lazy(() => import('./SheetHost'));

/** Sheets' host, loaded when a sheet first opens (ui/lazyHost.tsx). */
export const LazySheetHost = () => <LazyHost store={sheets} host={SheetHost} />;
