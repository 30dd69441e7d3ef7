import { createElement, lazy, Suspense } from 'react';
import { registerHeaderSlot } from '../../app/header/slots';

// The bell, its list and its push handler are one lazy chunk: the entry only carries this.
const NotificationsHeader = lazy(() => import('./NotificationsHeader'));
// The bell's size meanwhile, so the header does not shift when it arrives.
const placeholder = createElement('span', { style: { display: 'block', inlineSize: 44, blockSize: 44 } });

function NotificationsSlot() {
  return createElement(Suspense, { fallback: placeholder }, createElement(NotificationsHeader));
}

registerHeaderSlot('notifications', NotificationsSlot);
