import type { webpushEs } from './webpush.es';

/** English texts of Web Push, the installed app, offline state and sharing. */
export const webpushEn: Record<keyof typeof webpushEs, string> = {
  'webpush.title': 'Shall we tell you even when Tertulia is closed?',
  'webpush.body':
    'Turn on notifications and we will tell you what matters right away, even with the tab closed:',
  'webpush.point.messages': 'New messages and private chat messages',
  'webpush.point.friends': 'Friend requests',
  'webpush.point.gifts': 'Gifts you receive',
  'webpush.settingsHint': 'You can choose which notifications you get in Settings.',
  'webpush.allow': 'Turn on notifications',
  'webpush.notNow': 'Not now',
  'webpush.enabled': 'Notifications are on for this device',
  'webpush.failed': 'We could not turn on notifications in this browser.',
  'webpush.blocked': 'The browser blocks notifications from Tertulia. Change it in its settings.',
  'webpush.settingsTitle': 'Notifications while Tertulia is closed',
  'webpush.devices': 'Devices that get notifications: {count}',
  'webpush.enableHere': 'Turn on for this device',
  'webpush.kind.messages': 'New messages',
  'webpush.kind.friendRequests': 'Friend requests',
  'webpush.kind.gifts': 'Gifts received',
  'webpush.kind.profileVisits': 'Profile visits (VIP)',
  'webpush.kind.chatPrivateMessages': 'Private chat messages',
  'webpush.kind.broadcasts': 'A friend starts a live broadcast',
  'webpush.kind.media': 'Photos and stories',
  'webpush.kind.previews': 'Show the message text in the notification',
  'offline.banner': 'You are offline. What you write will be sent when you are back.',
  'offline.queued': 'Offline: it will be sent when you are back',
  'im.queued': 'Waiting for a connection',
  'share.button': 'Share',
  'share.profileTitle': '{name} on Tertulia',
  'share.roomTitle': 'Room {name} on Tertulia',
};
