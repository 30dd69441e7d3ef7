import { api, type Endpoint } from '@tertulia/contract';
import { afterWrite } from '../../api/areas/webPushMoments';
import { countVisit } from './offer';
import { pushSupported } from './supported';

/**
 * Web Push in the page: after a first message or friend request, offer the permission dialog
 * (offer.ts says when); where permission was given before, keep this browser subscribed; after
 * logout, drop the browser's subscription (the server removed its copy with the session). Only
 * the watching is here, on every page; the work (sync.ts) loads when one of those moments comes.
 */
const MOMENTS = new Set<Endpoint>([
  api.messaging.send,
  api.messaging.sendOffline,
  api.buddy.sendUserBuddyRequest,
  api.chat.sendPrivateMessage,
]);
const visits = pushSupported() ? countVisit() : 0;
const sync = () => import('./sync');

if (pushSupported()) {
  afterWrite((endpoint) => {
    if (MOMENTS.has(endpoint)) void sync().then((s) => s.afterMoment(visits));
    else if (endpoint === api.profile.login || endpoint === api.profile.register)
      void sync().then((s) => s.keepSubscribed(true).catch(() => undefined));
    else if (endpoint === api.profile.logout)
      void sync().then((s) => s.dropBrowserSubscription().catch(() => undefined));
  });
  if (Notification.permission === 'granted') {
    window.addEventListener(
      'load',
      () => void sync().then((s) => s.keepSubscribed().catch(() => undefined)),
      { once: true },
    );
  }
}
