import { lazy } from 'react';
import { LazyHost } from '../lazyHost';
import { popups } from './popupStore';

const PopupHost = lazy(() => import('./PopupHost').then((m) => ({ default: m.PopupHost })));

/** Popups' host (tips, "new" notes), loaded when the first popup is asked for (ui/lazyHost.tsx). */
export const LazyPopupHost = () => <LazyHost store={popups} host={PopupHost} />;
