import { NotificationKind, PhotoPrivacy, RoomType } from '@tertulia/contract';
import { describe, expect, it } from 'vitest';
import {
  blockedEitherWay,
  isPrivateRoom,
  mayInitiate,
  maySeeInsideRoom,
  maySeeMember,
  messageRefusal,
  Permission,
  permits,
  roomRefusal,
} from './graph';
import { audienceSees, isOpenPhoto, mayAttachPhoto, photoAudience } from './photos';
import { NOTICE_TOPIC, OnlineVisibility, showsOnlineTo, wants } from './preferences';
import { maySeeItem } from './privacy';

/** Pure decisions of policy/ (graph, privacy, photos, preferences), case by case: no app, no database. */
const { PUBLIC, FRIENDS, PRIVATE } = PhotoPrivacy;

describe('privacy: the item rule', () => {
  // privacy, isAuthor, isFriend, authorPrivate → sees
  it.each([
    [PRIVATE, true, false, true, true],
    [PRIVATE, false, true, false, false],
    [FRIENDS, false, true, true, true],
    [FRIENDS, false, false, false, false],
    [PUBLIC, false, false, false, true],
    [PUBLIC, false, false, true, false],
    [PUBLIC, false, true, true, true],
  ])(
    'privacy %s, author %s, friend %s, private profile %s → %s',
    (privacy, isAuthor, isFriend, authorPrivate, sees) => {
      expect(maySeeItem({ privacy, isAuthor, isFriend, authorPrivate })).toBe(sees);
    },
  );
});

describe('graph decisions', () => {
  it.each([
    [Permission.EVERYONE, false, true],
    [Permission.FRIENDS, false, false],
    [Permission.FRIENDS, true, true],
    [Permission.NOBODY, true, false],
  ])('permission %s, friend %s → %s', (permission, isFriend, ok) => {
    expect(permits(permission, isFriend)).toBe(ok);
  });

  const ties = (o: Partial<{ isFriend: boolean; blocked: boolean; blockedBy: boolean }> = {}) => ({
    isFriend: false,
    blocked: false,
    blockedBy: false,
    ...o,
  });
  it.each([
    ['oneself', 1, Permission.EVERYONE, ties(), 'self'],
    ['the target blocked the sender', 2, Permission.EVERYONE, ties({ blockedBy: true }), 'blocked'],
    ['the sender blocked the target', 2, Permission.EVERYONE, ties({ blocked: true }), 'youBlocked'],
    ['friends only, not a friend', 2, Permission.FRIENDS, ties(), 'permission'],
    ['friends only, a friend', 2, Permission.FRIENDS, ties({ isFriend: true }), null],
    ['nobody', 2, Permission.NOBODY, ties({ isFriend: true }), 'permission'],
    ['everyone', 2, Permission.EVERYONE, ties(), null],
  ] as const)('message: %s → %s; canInitiate follows', (_name, target, permission, t, refusal) => {
    expect(messageRefusal(1, target, permission, t)).toBe(refusal);
    expect(mayInitiate(1, { id: target, banned_at: 0 }, permission, t)).toBe(refusal === null);
    // A banned target is never offered, whatever the rule says.
    expect(mayInitiate(1, { id: target, banned_at: 9 }, permission, t)).toBe(false);
  });

  it.each([
    [false, false, false],
    [true, false, true],
    [false, true, true],
    [true, true, true],
  ])('blocked either way: viewer blocked %s, blocked by %s → %s', (blocked, blockedBy, either) => {
    const t = { blocked: new Set(blocked ? [7] : []), blockedBy: new Set(blockedBy ? [7] : []) };
    expect(blockedEitherWay(t, 7)).toBe(either);
    expect(blockedEitherWay(t, 8)).toBe(false);
  });

  it.each([
    ['oneself, even banned', { id: 1, is_admin: 0 }, { id: 1, banned_at: 5 }, true, true],
    ['a banned member, as a member', { id: 1, is_admin: 0 }, { id: 2, banned_at: 5 }, false, false],
    ['a banned member, as an admin', { id: 1, is_admin: 1 }, { id: 2, banned_at: 5 }, false, true],
    ['someone who blocked the viewer', { id: 1, is_admin: 0 }, { id: 2, banned_at: 0 }, true, false],
    ['anyone else', { id: 1, is_admin: 0 }, { id: 2, banned_at: 0 }, false, true],
  ])('may see member: %s', (_name, viewer, member, blockedBy, sees) => {
    expect(maySeeMember(viewer, member, blockedBy)).toBe(sees);
  });

  const standing = (o: Partial<Parameters<typeof roomRefusal>[1]> = {}) => ({
    boss: false,
    blocked: false,
    kicked: false,
    invited: false,
    ownerFriend: false,
    ownerBlock: false,
    ...o,
  });
  it.each([
    ['public room', RoomType.PUBLIC, standing(), null],
    ['blocked from the room', RoomType.PUBLIC, standing({ blocked: true }), 'blocked'],
    ['kicked', RoomType.USER_PUBLIC, standing({ kicked: true }), 'kicked'],
    ['a boss passes every door', RoomType.INVITE_ONLY, standing({ boss: true, blocked: true }), null],
    ['invite only, not invited', RoomType.INVITE_ONLY, standing({ ownerFriend: true }), 'inviteOnly'],
    ['invite only, invited', RoomType.INVITE_ONLY, standing({ invited: true }), null],
    ['private, a stranger', RoomType.PRIVATE, standing(), 'private'],
    ["private, the owner's friend", RoomType.PRIVATE, standing({ ownerFriend: true }), null],
    ['a block with the owner', RoomType.USER_PUBLIC, standing({ ownerBlock: true }), 'blocked'],
  ] as const)('room doors: %s → %s', (_name, room_type, s, refusal) => {
    expect(roomRefusal({ room_type, owner_id: 5 }, s)).toBe(refusal);
  });

  it.each([
    [RoomType.PUBLIC, false, true],
    [RoomType.PRIVATE, true, false],
    [RoomType.INVITE_ONLY, true, false],
  ])('inside room type %s: private %s; a stranger sees inside %s', (room_type, isPrivate, stranger) => {
    const room = { room_type, owner_id: 5 };
    const nobody = { isAdmin: false, isOwner: false, isModerator: false, isMember: false };
    expect(isPrivateRoom(room)).toBe(isPrivate);
    expect(maySeeInsideRoom(room, nobody)).toBe(stranger);
    for (const who of ['isAdmin', 'isOwner', 'isModerator', 'isMember'] as const)
      expect(maySeeInsideRoom(room, { ...nobody, [who]: true })).toBe(true);
  });
});

describe('photos: who sees which photo', () => {
  const viewer = (o: Partial<Parameters<typeof photoAudience>[0]> = {}) => ({
    isOwner: false,
    isFriend: false,
    cutOff: false,
    ownerPrivate: false,
    isVip: false,
    unlocked: false,
    allowsNsfw: false,
    isAdmin: false,
    ...o,
  });
  const photo = (
    o: Partial<{ privacy: number; backstage: number; nsfw: number; quarantine: number }> = {},
  ) => ({
    privacy: PUBLIC,
    backstage: 0,
    nsfw: 0,
    quarantine: 0,
    ...o,
  });
  it.each([
    [
      'the owner sees everything',
      viewer({ isOwner: true }),
      photo({ privacy: PRIVATE, quarantine: 1, nsfw: 1 }),
      true,
    ],
    ['a stranger, public', viewer(), photo(), true],
    ['a stranger, friends only', viewer(), photo({ privacy: FRIENDS }), false],
    ['a friend, friends only', viewer({ isFriend: true }), photo({ privacy: FRIENDS }), true],
    ['a stranger, private profile', viewer({ ownerPrivate: true }), photo(), false],
    ['cut off (block or ban)', viewer({ isFriend: true, cutOff: true }), photo(), false],
    ['backstage, locked', viewer(), photo({ backstage: 1 }), false],
    ['backstage, unlocked', viewer({ unlocked: true }), photo({ backstage: 1 }), true],
    ['backstage, VIP', viewer({ isVip: true }), photo({ backstage: 1 }), true],
    ['NSFW, not opted in', viewer(), photo({ nsfw: 1 }), false],
    ['NSFW, opted in', viewer({ allowsNsfw: true }), photo({ nsfw: 1 }), true],
    ['quarantined, a member', viewer({ isFriend: true }), photo({ quarantine: 1 }), false],
    ['quarantined, an admin', viewer({ isAdmin: true }), photo({ quarantine: 1 }), true],
  ])('%s → %s', (_name, v, p, sees) => {
    expect(audienceSees(photoAudience(v), p)).toBe(sees);
  });

  it.each([
    [photo(), true],
    [photo({ privacy: FRIENDS }), false],
    [photo({ backstage: 1 }), false],
    [photo({ nsfw: 1 }), false],
    [photo({ quarantine: 1 }), false],
  ])('open to whoever holds the URL: %o → %s', (p, open) => {
    expect(isOpenPhoto(p)).toBe(open);
  });

  it.each([
    [{ owner_id: 2, backstage: 0, quarantine: 0 }, 'notFound'],
    [{ owner_id: 1, backstage: 1, quarantine: 0 }, 'refused'],
    [{ owner_id: 1, backstage: 0, quarantine: 1 }, 'refused'],
    [{ owner_id: 1, backstage: 0, quarantine: 0 }, 'yes'],
  ])('attach %o → %s', (p, decision) => {
    expect(mayAttachPhoto({ id: 1 }, p)).toBe(decision);
  });
});

describe('preferences', () => {
  const prefs = {
    notify_messages: 1,
    notify_friend_requests: 0,
    notify_likes_comments: 1,
    notify_chat_invites: 0,
  };
  it.each([
    ['messages', true],
    ['friendRequests', false],
    ['likesComments', true],
    ['chatInvites', false],
  ] as const)('wants %s → %s', (topic, wanted) => {
    expect(wants(prefs, topic)).toBe(wanted);
  });

  it('notices a preference can turn off, and the rest always kept', () => {
    expect(NOTICE_TOPIC[NotificationKind.LIKE]).toBe('likesComments');
    expect(NOTICE_TOPIC[NotificationKind.BUDDY_ACCEPTED]).toBe('friendRequests');
    expect(NOTICE_TOPIC[NotificationKind.CONTEST_CANCELLED]).toBeUndefined();
  });

  it.each([
    [OnlineVisibility.EVERYONE, false, true],
    [OnlineVisibility.FRIENDS, false, false],
    [OnlineVisibility.FRIENDS, true, true],
    [OnlineVisibility.NOBODY, true, false],
  ])('online visibility %s, friend %s → shown %s', (online_visibility, isFriend, shown) => {
    expect(showsOnlineTo({ online_visibility }, isFriend)).toBe(shown);
  });
});
