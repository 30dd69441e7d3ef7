import type { QueryClient } from '@tanstack/react-query';
import { OfflineCategory, type Preferences, type PushEvent } from '@tertulia/contract';
import { getPreferences, preferencesKey } from '../../api/areas/settings';
import { plainText, previewKind } from '../../features/messaging/rules';
import { t } from '../../i18n/i18n';
import { PATHS } from '../../ui/paths';
import { playChime } from './chime';
import { gestureHappened } from './gesture';

const BODY_MAX = 120;

/** What an incoming event may ring or show; undefined for events that never alert. */
export interface Alert {
  /** Plays the sound (when the member's sound preference is on). */
  sound: boolean;
  /** Shown as a browser notification while the tab is hidden (messages only). */
  notification?: { title: string; body: string; tag: string };
  /** Where a click on the notification goes. */
  href: string;
}

function clip(text: string): string {
  return text.length > BODY_MAX ? `${text.slice(0, BODY_MAX - 1)}…` : text;
}

/** IMs and chat private messages from others, and friend requests, alert; nothing else does. */
export function alertFor(event: PushEvent, me: number | undefined): Alert | undefined {
  switch (event.type) {
    case 'message': {
      const sender = event.message.sender;
      if (!sender || sender.uid === me) return undefined;
      const kind = previewKind(event.message);
      const body = kind === 'text' ? plainText(event.message.content ?? '') : t(`im.preview.${kind}`);
      return {
        sound: true,
        notification: {
          title: t('alerts.imTitle', { name: sender.name ?? '' }),
          body: clip(body),
          tag: `im-${event.conversationId}`,
        },
        href: `${PATHS.messages}?cid=${event.conversationId}`,
      };
    }
    case 'chatPrivateMessage':
      if (event.sender.uid === me) return undefined;
      return {
        sound: true,
        notification: {
          title: t('alerts.chatTitle', { name: event.sender.name ?? '' }),
          body: clip(event.message),
          tag: `chat-${event.roomId}-${event.sender.uid}`,
        },
        href: `${PATHS.chat}room/${event.roomId}`,
      };
    case 'offlineMessage':
      return event.category === OfflineCategory.FRIEND_REQUEST
        ? { sound: true, href: PATHS.buddyRequests }
        : undefined;
    default:
      return undefined;
  }
}

export interface AlertDeps {
  me: number | undefined;
  /** The member's preferences (the settings page's cache); undefined when unknown: nothing alerts. */
  preferences: () => Promise<Preferences | undefined>;
  /** Opens a page of the app (the router's navigate). */
  navigate: (href: string) => void;
  play?: () => void;
  focusWindow?: () => void;
}

/** The browser may show notifications: supported and allowed by the member. */
function notificationsAllowed(): boolean {
  return typeof Notification !== 'undefined' && Notification.permission === 'granted';
}

/**
 * Rings and shows what an incoming event deserves, as the member chose: the sound preference
 * and the browser-notifications switch (both stored on the server, settings page), the latter
 * only where the browser grants its notification permission (asked on the settings page). Sound plays only once the page had a gesture (autoplay rules); a notification
 * shows only while the tab is hidden, and a click on it brings the tab back on the conversation.
 */
export async function alertMember(event: PushEvent, deps: AlertDeps): Promise<void> {
  const alert = alertFor(event, deps.me);
  if (!alert) return;
  const prefs = await deps.preferences().catch(() => undefined);
  if (!prefs) return;
  if (alert.sound && prefs.sound && gestureHappened()) (deps.play ?? playChime)();
  const note = alert.notification;
  if (note && prefs.browserNotifications && notificationsAllowed() && document.visibilityState === 'hidden') {
    const shown = new Notification(note.title, {
      body: note.body,
      tag: note.tag,
      icon: '/icons/icon-192.png',
    });
    shown.onclick = () => {
      (deps.focusWindow ?? (() => window.focus()))();
      deps.navigate(alert.href);
      shown.close();
    };
  }
}

/** The app's wiring: preferences come from the settings page's query (fetched once if absent). */
export function alertFromPush(
  event: PushEvent,
  app: { queryClient: QueryClient; me: number | undefined; navigate: (href: string) => void },
): Promise<void> {
  return alertMember(event, {
    me: app.me,
    navigate: app.navigate,
    preferences: () =>
      app.queryClient.ensureQueryData({
        queryKey: preferencesKey,
        queryFn: () => getPreferences({}),
        revalidateIfStale: true,
      }),
  });
}
