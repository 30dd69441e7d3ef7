import { ConversationType, OfflineCategory, type PushEvent, PushKind } from '@tertulia/contract';
import type { PushNotice } from '../../push/web-push';
import { previewText } from '../messaging/content';
import { noticeText } from './notice-texts';

/** The pages a click opens (the web app's routes, packages/web/src/ui/paths.ts). */
export const PAGES = {
  conversation: (cid: number, ownerId: number, type: number) =>
    `/html/online/message-view.jsp?cid=${cid}&u=${ownerId}&type=${type}`,
  friendRequests: '/html/buddies-requests.jsp',
  giftsAccount: '/html/gifts/account.jsp',
  profile: (uid: number) => `/html/profile-view.jsp?user=${uid}`,
  profileVisits: '/html/gold/profile-visits.jsp',
  chatRoom: (roomId: number) => `/chat/room/${roomId}`,
} as const;

/**
 * Which socket events also reach members' devices when they have no socket (docs/web-push.md).
 * Everything else (typing, online notices, feed counters, room traffic) is for open tabs only.
 */
export function noticeFromEvent(event: PushEvent): PushNotice | undefined {
  switch (event.type) {
    case 'message': {
      const sender = event.message.sender;
      if (!sender?.uid) return undefined;
      const content = event.message.content ?? '';
      const group = event.conversationType !== ConversationType.IM;
      return {
        kind: PushKind.MESSAGES,
        collapseKey: `m${event.conversationId}`,
        url: PAGES.conversation(event.conversationId, event.ownerId, event.conversationType),
        fromId: sender.uid,
        text: noticeText(
          group ? 'groupMessage' : 'message',
          { name: sender.name ?? '' },
          { es: previewText(content, 'es'), en: previewText(content, 'en') },
        ),
        icon: sender.image1,
      };
    }
    case 'offlineMessage':
      // Mail also arrives as a conversation line (its own `message` event): only requests here.
      if (event.category !== OfflineCategory.FRIEND_REQUEST) return undefined;
      return {
        kind: PushKind.FRIEND_REQUESTS,
        collapseKey: `f${event.sender.uid}`,
        url: PAGES.friendRequests,
        fromId: event.sender.uid,
        text: noticeText('friendRequest', { name: event.sender.name }),
        icon: event.sender.image1,
      };
    case 'chatPrivateMessage':
      return {
        kind: PushKind.CHAT_PRIVATE,
        collapseKey: `c${event.roomId}u${event.sender.uid}`,
        url: PAGES.chatRoom(event.roomId),
        fromId: event.sender.uid,
        text: noticeText(
          'chatPrivate',
          { name: event.sender.name },
          { es: event.message, en: event.message },
        ),
        icon: event.sender.image1,
      };
    case 'giftReceived':
      return {
        kind: PushKind.GIFTS,
        collapseKey: `g${event.sender.uid}`,
        url: PAGES.giftsAccount,
        fromId: event.sender.uid,
        text: noticeText('gift', { name: event.sender.name, gift: event.giftName }),
        icon: event.image ?? event.sender.image1,
      };
    case 'profileVisit':
      return {
        kind: PushKind.PROFILE_VISITS,
        collapseKey: 'v',
        url: event.hasaccess && event.user ? PAGES.profile(event.user.uid) : PAGES.profileVisits,
        fromId: event.user?.uid,
        text:
          event.hasaccess && event.user
            ? noticeText('profileVisit', { name: event.user.name })
            : noticeText('profileVisitHidden', {}),
      };
    default:
      return undefined;
  }
}
