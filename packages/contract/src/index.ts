import * as admin from './areas/admin';
import * as album from './areas/album';
import * as analytics from './areas/analytics';
import * as buddy from './areas/buddy';
import * as chatRooms from './areas/chat';
import * as chatModeration from './areas/chat-moderation';
import * as ephemeral from './areas/ephemeral';
import * as feed from './areas/feed';
import * as gameCalls from './areas/game';
import * as gameAdmin from './areas/game-admin';
import * as gameSdk from './areas/game-sdk';
import * as gift from './areas/gift';
import * as live from './areas/live';
import * as liveAdmin from './areas/live-admin';
import * as messaging from './areas/messaging';
import * as people from './areas/people';
import * as premiumCalls from './areas/premium';
import * as profile from './areas/profile';
import * as rewards from './areas/rewards';
import * as settings from './areas/settings';
import * as story from './areas/story';
import * as user from './areas/user';
import * as vipSubscription from './areas/vip-subscription';
import * as webPush from './areas/web-push';
import type { Endpoint } from './endpoint';

export * from './endpoint';
export * from './entities/index';
export * from './ephemeral';
export * from './errors';
export * from './params';
export * from './push';

/** Games' calls: the spec's (catalogue, tokens, players) and the SDK's own, answered as one area. */
const game = { ...gameCalls, ...gameSdk };
/** Chat's calls live in two files (rooms and lines; keeping order) and answer as one area. */
const chat = { ...chatRooms, ...chatModeration };
/** Premium's calls: gold purchases, spotlights and ads; VIP subscriptions in their own file. */
const premium = { ...premiumCalls, ...vipSubscription };

/** Every endpoint, grouped by area module. The server binds them; the web client calls them. */
export const api = {
  profile,
  user,
  premium,
  people,
  album,
  buddy,
  messaging,
  chat,
  feed,
  settings,
  story,
  ephemeral,
  gift,
  game,
  /** The admins' games calls (area admin), apart so the admin page's chunk alone carries them. */
  gameAdmin,
  webPush,
  live,
  /** The admins' live call (area admin), apart like gameAdmin. */
  liveAdmin,
  rewards,
  admin,
  analytics,
};

export const allEndpoints: Endpoint[] = Object.values(api).flatMap(
  (area) => Object.values(area) as Endpoint[],
);
export * from './enums';
export * from './media';
