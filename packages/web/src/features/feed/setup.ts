import { createElement, lazy, Suspense } from 'react';
import { registerHeaderSlot } from '../../app/header/slots';

// The bell, its list and its push handler are one lazy chunk: the entry only carries this.
const NotificationsHeader = lazy(() => import('./NotificationsHeader'));

function NotificationsSlot() {
  return createElement(Suspense, { fallback: null }, createElement(NotificationsHeader));
}

registerHeaderSlot('notifications', NotificationsSlot);
