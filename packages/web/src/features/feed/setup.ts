import { skipToken, useQuery } from '@tanstack/react-query';
import { api } from '@tertulia/contract';
import { createElement, Suspense } from 'react';
import { keyOf } from '../../api/query';
import { lazyPart } from '../../ui/lazyPart';
import { registerHeaderSlot } from '../../ui/slots/header';
import { registerNavCount } from '../../ui/slots/nav';

// The bell, its list and its push handler are one lazy chunk: the entry only carries this.
const NotificationsHeader = lazyPart('src/features/feed/homeParts.ts#bell', () =>
  import('./homeParts').then((m) => ({ default: m.NotificationsHeader })),
);
// The bell's size meanwhile, so the header does not shift when it arrives.
const placeholder = createElement('span', { style: { display: 'block', inlineSize: 44, blockSize: 44 } });

function NotificationsSlot() {
  return createElement(Suspense, { fallback: placeholder }, createElement(NotificationsHeader));
}

registerHeaderSlot('notifications', NotificationsSlot);

// The phone bar's badge reads the bell's count from the cache (the bell fetches and updates it):
// `skipToken` says it never fetches (a query without a function is an error in development).
const unreadKey = keyOf(api.user.getUnreadNotificationCount);
registerNavCount('notifications', () => {
  const { data } = useQuery<number>({ queryKey: unreadKey, queryFn: skipToken });
  return data ?? 0;
});

// Another app shared a photo to the installed app: the new-post dialog opens with it.
if (typeof window !== 'undefined' && window.location.search.includes('share=1')) {
  void import('./sharedPost').then(({ openSharedPost }) => openSharedPost()).catch(() => undefined);
}
