import { api, type Endpoint } from '@tertulia/contract';
import { afterWrite, getPushSettings } from '../../api/areas/webPush';
import { openDialog } from '../../ui/dialog/dialogStore';
import { pushSupported, subscribeThisBrowser } from './browserPush';
import { pushPermissionDialog } from './dialogs';
import { countVisit, mayOffer, subscribesQuietly } from './offer';

/**
 * Web Push in the page: after a first message or friend request, offer the permission dialog
 * (offer.ts says when); where permission was given before, keep this browser subscribed; after
 * logout, drop the browser's subscription (the server removed its copy with the session).
 */
const SYNCED_KEY = 'tertulia.pushSynced';
const MOMENTS = new Set<Endpoint>([
  api.messaging.send,
  api.messaging.sendOffline,
  api.buddy.sendUserBuddyRequest,
  api.chat.sendPrivateMessage,
]);
const visits = pushSupported() ? countVisit() : 0;
let offered = false;

async function afterMoment(): Promise<void> {
  if (offered || !pushSupported()) return;
  const settings = await getPushSettings({}).catch(() => undefined);
  if (!settings) return;
  const state = {
    supported: true,
    permission: Notification.permission,
    prompt: settings.prompt,
    visits,
    offeredThisLoad: offered,
  };
  if (subscribesQuietly(state)) return keepSubscribed(true);
  if (!mayOffer(state)) return;
  offered = true;
  openDialog(pushPermissionDialog, {});
}

/** Subscribes again when the browser has no subscription, or the server may not have this one. */
async function keepSubscribed(force = false): Promise<void> {
  const reg = await navigator.serviceWorker.getRegistration();
  const sub = await reg?.pushManager.getSubscription();
  if (!force && sub && localStorage.getItem(SYNCED_KEY) === sub.endpoint) return;
  const settings = await getPushSettings({}).catch(() => undefined);
  if (
    !settings ||
    !subscribesQuietly({ supported: true, permission: Notification.permission, prompt: settings.prompt })
  )
    return;
  if (await subscribeThisBrowser().catch(() => false)) {
    const now = await reg?.pushManager.getSubscription();
    if (now) localStorage.setItem(SYNCED_KEY, now.endpoint);
  }
}

async function dropBrowserSubscription(): Promise<void> {
  localStorage.removeItem(SYNCED_KEY);
  const reg = await navigator.serviceWorker.getRegistration();
  await (await reg?.pushManager.getSubscription())?.unsubscribe();
}

if (pushSupported()) {
  afterWrite((endpoint) => {
    if (MOMENTS.has(endpoint)) void afterMoment();
    else if (endpoint === api.profile.login || endpoint === api.profile.register)
      void keepSubscribed(true).catch(() => undefined);
    else if (endpoint === api.profile.logout) void dropBrowserSubscription().catch(() => undefined);
  });
  if (Notification.permission === 'granted') {
    window.addEventListener('load', () => void keepSubscribed().catch(() => undefined), { once: true });
  }
}
