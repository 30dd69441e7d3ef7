import { NotificationKind } from '@tertulia/contract';

/** The preference columns a push or notice asks about (docs/preferences.md). */
export interface PushPreferences {
  notify_messages: number;
  notify_friend_requests: number;
  notify_likes_comments: number;
  notify_chat_invites: number;
}

export type PushTopic = 'messages' | 'friendRequests' | 'likesComments' | 'chatInvites';

const COLUMN: Record<PushTopic, keyof PushPreferences> = {
  messages: 'notify_messages',
  friendRequests: 'notify_friend_requests',
  likesComments: 'notify_likes_comments',
  chatInvites: 'notify_chat_invites',
};

/** Stored notices that a preference can turn off; other kinds are always kept. */
export const NOTICE_TOPIC: Partial<Record<string, PushTopic>> = {
  [NotificationKind.LIKE]: 'likesComments',
  [NotificationKind.COMMENT]: 'likesComments',
  [NotificationKind.BUDDY_ACCEPTED]: 'friendRequests',
};

/** Whether the member wants to be told about this kind of event. */
export function wants(row: PushPreferences, topic: PushTopic): boolean {
  return row[COLUMN[topic]] !== 0;
}

/** Who sees a member online: 0 everyone, 1 friends, 2 nobody. */
export const OnlineVisibility = { EVERYONE: 0, FRIENDS: 1, NOBODY: 2 } as const;

/** Whether a viewer (not the member) may see that the member is online. */
export function showsOnlineTo(row: { online_visibility: number }, isFriend: boolean): boolean {
  return (
    row.online_visibility === OnlineVisibility.EVERYONE ||
    (row.online_visibility === OnlineVisibility.FRIENDS && isFriend)
  );
}
