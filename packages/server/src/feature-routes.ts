import type { Deps } from './deps';
import { accountRoutes } from './features/accounts/routes';
import { adminRoutes } from './features/admin/routes';
import { buddyRoutes } from './features/buddies/routes';
import { chatRoutes } from './features/chat/routes';
import { ephemeralRoutes } from './features/ephemeral/routes';
import { feedRoutes } from './features/feed/routes';
import { gameRoutes } from './features/games/routes';
import { liveRoutes } from './features/live/routes';
import { liveStreamRoutes } from './features/live/stream/save';
import { messagingRoutes } from './features/messaging/routes';
import { peopleRoutes } from './features/people/routes';
import { photoRoutes } from './features/photos/routes';
import { premiumRoutes } from './features/premium/routes';
import { storyRoutes } from './features/stories/routes';
import { webPushRoutes } from './features/web-push/routes';
import type { BoundRoute } from './http/contract-routes';

/** Features register their bound routes here. */
export const featureRoutes: ((deps: Deps) => BoundRoute[])[] = [
  accountRoutes,
  peopleRoutes,
  photoRoutes,
  buddyRoutes,
  messagingRoutes,
  chatRoutes,
  feedRoutes,
  storyRoutes,
  ephemeralRoutes,
  webPushRoutes,
  liveRoutes,
  liveStreamRoutes,
  gameRoutes,
  premiumRoutes,
  adminRoutes,
];
