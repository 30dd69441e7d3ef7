import { getPushSettings } from '../../api/areas/webPush';
import { openDialog } from '../../ui/dialog/dialogStore';
import { subscribeThisBrowser } from './browserPush';
import { pushPermissionDialog } from './dialogs';
import { mayOffer, subscribesQuietly } from './offer';

/**
 * What Web Push does in the page (setup.ts says when): offer the permission dialog after a first
 * message or friend request (offer.ts), keep this browser subscribed where permission was given,
 * drop the subscription after logout. Its own chunk: loaded at such a moment, not with every page.
 */
const SYNCED_KEY = 'tertulia.pushSynced';
let offered = false;

export async function afterMoment(visits: number): Promise<void> {
  if (offered) return;
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
export async function keepSubscribed(force = false): Promise<void> {
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

export async function dropBrowserSubscription(): Promise<void> {
  localStorage.removeItem(SYNCED_KEY);
  const reg = await navigator.serviceWorker.getRegistration();
  await (await reg?.pushManager.getSubscription())?.unsubscribe();
}
