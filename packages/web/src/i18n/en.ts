import { accountEn } from './account.en';
import { adminEn } from './admin.en';
import { buddiesEn } from './buddies.en';
import { chatEn } from './chat.en';
import { coreEn } from './core.en';
import { ephemeralEn } from './ephemeral.en';
import type { Catalog } from './es';
import { feedEn } from './feed.en';
import { gamesEn } from './games.en';
import { giftsEn } from './gifts.en';
import { homeEn } from './home.en';
import { liveEn } from './live.en';
import { messagingEn } from './messaging.en';
import { peopleEn } from './people.en';
import { photosEn } from './photos.en';
import { premiumEn } from './premium.en';
import { rewardsEn } from './rewards.en';
import { settingsEn } from './settings.en';
import { storiesEn } from './stories.en';
import { webpushEn } from './webpush.en';

/** English catalog. Typed against the Spanish keys: a missing or extra key fails to compile. */
export const en: Catalog = {
  ...accountEn,
  ...buddiesEn,
  ...messagingEn,
  ...peopleEn,
  ...homeEn,
  ...adminEn,
  ...chatEn,
  ...ephemeralEn,
  ...coreEn,
  ...feedEn,
  ...photosEn,
  ...gamesEn,
  ...giftsEn,
  ...premiumEn,
  ...webpushEn,
  ...liveEn,
  ...rewardsEn,
  ...settingsEn,
  ...storiesEn,
  'app.name': 'Tertulia',
  'app.skipToContent': 'Skip to content',
  'app.loading': 'Loading…',
  'app.offline': 'You are offline. Showing what was saved last.',
  'im.header': 'Messages',
  'im.headerUnread': 'Messages: {count} unread',
  'im.none': 'You have no conversations yet.',
  'im.untitled': 'Conversation',
  'im.typing': '{name} is typing…',
  'im.unreadLabel': 'Unread:',
  'im.unreadCount': '{count} unread',
  'im.seeAll': 'See all',
  'im.newMessage': 'New message',
  'im.preview.photo': 'Photo',
  'im.preview.video': 'Video',
  'im.preview.audio': 'Voice message',
  'im.preview.gift': 'Gift',
  'im.preview.spin': 'Prize wheel',
  'im.gifBlocked': 'Giphy and Tenor links cannot be pasted.',
  'im.icebreaker.1': 'Hi {name}! How is your day going?',
  'im.icebreaker.2': 'Hi {name}, I saw your profile. What do you like to do at weekends?',
  'im.icebreaker.3': 'Hey {name}! What music have you been listening to lately?',
  'offline.newMail': 'New mail: {count}',
  'offline.inbox': 'Inbox',
  'header.home': 'Tertulia, home',
  'nav.label': 'Navigation',
  'nav.home': 'Home',
  'nav.people': 'People',
  'nav.chat': 'Chat',
  'nav.games': 'Games',
  'push.gameInvite': '{name} invites you to play {game}',
  'push.gameInviteWithMessage': '{name} invites you to play {game}: {message}',
  'nav.messages': 'Messages',
  'nav.notifications': 'Notifications',
  'header.nav': 'Main',
  'header.accountMenu': 'Account menu',
  'header.accountMenuOf': '{name}, account menu',
  'header.login': 'Log in',
  'header.signup': 'Sign up',
  'header.language': 'Language',

  'menu.status': 'Status',
  'menu.statusMessage': 'Status message…',
  'menu.language': 'Language',
  'menu.logout': 'Log out',
  'status.online': 'Online',
  'status.busy': 'Busy',
  'status.invisible': 'Invisible',
  'status.saved': 'Updates saved',
  'status.dialogTitle': 'Status message',
  'status.messageLabel': 'What your friends will see',
  'status.save': 'Save',

  'language.title': 'Choose your language',
  'language.active': 'Current language',

  'home.title': 'Home',
  'home.welcome': 'Hi, {name}',
  'home.memberLead': 'This is where you will see what your friends, messages and favourite rooms are up to.',
  'home.heroTitle': 'Talk, share and make friends',
  'home.heroLead':
    'Tertulia is the Spanish-speaking social network for chatting, sharing photos and playing with people like you.',
  'home.mustBeLoggedIn': 'Log in to continue',

  'login.title': 'Log in',
  'login.name': 'User name',
  'login.password': 'Password',
  'login.rememberMe': 'Remember me',
  'login.submit': 'Log in',
  'login.submitting': 'Logging in…',
  'login.noAccount': 'No account yet?',
  'login.signupLink': 'Sign up for free',

  'logout.title': 'Log out',
  'logout.progress': 'Logging out…',

  'notFound.title': 'Page not found',
  'notFound.body': 'The page you are looking for does not exist or has moved.',
  'notFound.home': 'Back to home',

  'error.default': 'There was a problem. We have told the support team. Please try again.',
  'error.network': 'No connection. Check your network and try again.',
  'error.pageTitle': 'Something went wrong',
  'error.reload': 'Reload the page',

  'verify.title': 'Verify your account',
  'verify.body': 'You need to verify your account to continue.',
  'verify.now': 'Verify now',
  'verify.later': 'Maybe later',

  'toast.close': 'Close notice',
  'toast.processing': 'Processing',
  'toast.kind.error': 'Error',
  'toast.kind.warning': 'Warning',
  'toast.kind.success': 'Done',
  'toast.kind.notice': 'Notice',
  'toast.kind.loveReceived': 'Love received',
  'toast.kind.loveEarned': 'Love earned',
  'toast.kind.progress': 'Progress',
  'toast.region': 'Notices',

  'sheet.close': 'Close',
  'share.title': 'Share',
  'share.native': 'Share…',
  'share.copy': 'Copy link',
  'share.copied': 'Copied!',
  'share.email': 'Share via email',

  'popup.close': 'Close',
  'popup.label': 'Tip',

  'dialog.loading': 'Loading…',
  'dialog.minimize': 'Minimize',
  'dialog.maximize': 'Maximize',
  'dialog.close': 'Close',
  'dialog.cancel': 'Cancel',
  'dialog.minimized': 'Minimized windows',

  'hovercard.label': 'Profile preview',

  'list.loading': 'Loading more…',
  'list.end': 'Nothing more',

  'like.like': 'Like',
  'like.unlike': 'Unlike',
  'like.count': '{count} likes',
  'like.count.one': '{count} like',

  'time.recently': 'recently',

  'ads.label': 'Advertisement',
  'ads.visits.title': 'See who visits you',
  'ads.visits.body': 'Find out who viewed your profile.',
  'ads.chat.title': 'Join the chat',
  'ads.chat.body': 'Open rooms to talk about what you love.',
  'ads.people.title': 'Meet people',
  'ads.people.body': 'Find members near you.',
  'ads.cta': 'See more',

  'emoticon.smile': 'smile',
  'emoticon.sad': 'sad',
  'emoticon.wink': 'wink',
  'emoticon.heart': 'heart',
  'emoticon.laugh': 'laugh',
  'emoticon.cry': 'cry',
  'emoticon.kiss': 'kiss',
  'emoticon.tongue': 'tongue out',
  'emoticon.surprised': 'surprised',
  'emoticon.angry': 'angry',
  'emoticon.cool': 'sunglasses',
  'emoticon.love': 'in love',
  'emoticon.blush': 'blushing',
  'emoticon.confused': 'confused',
  'emoticon.angel': 'angel',
  'emoticon.thumbsup': 'thumbs up',

  'push.buddyOnline': '{name} is online',
  'push.profileVisit': '{name} viewed your profile',
  'push.profileVisitHidden': 'Someone viewed your profile',
  'push.giftReceived': '{name} sent you {gift}',
  'push.offlineMessage': 'New message from {name}',
  'push.friendRequest': '{name} wants to be your friend',
  'push.chatPrivate': '{name}: {message}',
  'alerts.imTitle': 'Message from {name}',
  'alerts.chatTitle': '{name} wrote to you in the chat',

  'header.search': 'Find people',
  'menu.profile': 'My profile',
  'menu.visits': 'Who viewed my profile?',
  'menu.settings': 'Settings',
  'menu.about': 'About Tertulia',

  'people.lastAccess': 'Last seen: {time}',
  'people.presence.online': 'Online',
  'people.presence.busy': 'Busy',
  'people.presence.offline': 'Offline',
  'people.source.Web': 'Web',
  'people.source.Mobile': 'Mobile',
  'people.source.iphoneApp': 'iPhone app',
  'people.source.androidApp': 'Android app',
  'card.label': "{name}'s profile",
  'namePicker.suggestions': 'Suggestions',
  'card.emptyMessage': "You can't send an empty message",
  'card.notSent': 'Your message was not sent',
  'compose.title': 'Message to {name}',

  'pledge.title': 'Our pledge',
  'pledge.body': 'Before you write to other members, promise us you will look after the community:',
  'pledge.point1': 'I will treat everyone with respect.',
  'pledge.point2': "I won't harass anyone or send spam.",
  'pledge.point3': "I won't share offensive or illegal content.",
  'pledge.accept': 'I promise',
  'pledge.decline': 'Not now',

  'report.title': 'Report {name}',
  'report.comment': 'Tell us what happened (optional)',
  'report.send': 'Send report',
  'report.sending': 'Sending…',
  'report.thanks': 'Thanks for helping keep Tertulia fun and safe.',

  'upload.photo': 'Uploading your photo',
  'upload.background': 'Uploading your background',
  'upload.photoDone': 'Profile photo updated',
  'upload.backgroundDone': 'Background updated',
  'upload.wrongType': 'Choose a JPEG, PNG, GIF or WebP image.',

  'settings.title': 'Settings',
  'settings.profile': 'Your profile',
  'settings.profileLink': 'View and edit my profile',
  'settings.verified': 'Your account is verified.',
  'settings.blocked': 'Blocked members',
  'settings.blockedLead': "They can't see your profile, message you, visit you or find you.",
  'settings.blockedNone': "You haven't blocked anyone.",
  'settings.unblockName': 'Unblock {name}',

  'account.failedLogins':
    'There were {count} failed attempts to log in with your name since your last visit. If it was not you, change your password in Settings.',
  'account.failedLogins.one':
    'There was {count} failed attempt to log in with your name since your last visit. If it was not you, change your password in Settings.',
  'account.restored': 'Your account was restored: it will not be deleted.',

  'title.unread': '({count}) {title}',

  'buddies.findPeople': 'Find people',
  'buddies.online': 'Friends online: {count}',
  'buddies.requestsBadge': 'Friend requests: {count}',
  'buddies.requestsBadgeNone': 'Friend requests',

  'addFriend.button': 'Add friend',
  'addFriend.sent': 'Request sent',
  'addFriend.success': 'Friend request sent',
  'invite.accepted': 'Invite accepted: you already have your first friend on Tertulia.',
  'nav.chatRooms': 'Chat rooms',
  'push.chatInvite': '{name} invites you to the room {room}',
  'push.chatInviteWithMessage': '{name} invites you to the room {room}: {message}',
  'menu.boards': 'Leaderboards',
  'menu.spin': 'Daily spin',
  'menu.contests': 'Contests',
  'menu.gems': 'My gems',
};
