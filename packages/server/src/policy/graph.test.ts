import { api, OnlineStatusCode, PhotoPrivacy, RoomType } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, member, type TestApp, testApp } from '../../tests/_util';
import {
  announcesPresence,
  appearsOnline,
  maySeeInsideRoom,
  maySeeMember,
  messageRefusal,
  Permission,
  permits,
  roomRefusal,
  type SocialGraph,
  socialGraph,
} from './graph';
import { notBlockedBy } from './graph-store';
import { OnlineVisibility } from './preferences';

describe('graph rules', () => {
  it('permission codes: everyone, friends only, nobody', () => {
    expect(permits(Permission.EVERYONE, false)).toBe(true);
    expect(permits(Permission.FRIENDS, false)).toBe(false);
    expect(permits(Permission.FRIENDS, true)).toBe(true);
    expect(permits(Permission.NOBODY, true)).toBe(false);
  });

  it('online: invisible hides from everyone, visibility from strangers or all', () => {
    const row = (online_status: number, online_visibility: number) => ({
      online_status,
      online_visibility,
      // A permanent VIP: invisibility is theirs to use (policy/premium.ts).
      star: 2,
      vip_until: 0,
      no_ads_until: 0,
      who_viewed_until: 0,
      im_status_until: 0,
      share_love_until: 0,
    });
    expect(appearsOnline(row(OnlineStatusCode.ONLINE, OnlineVisibility.EVERYONE), false)).toBe(true);
    expect(appearsOnline(row(OnlineStatusCode.BUSY, OnlineVisibility.EVERYONE), false)).toBe(true);
    expect(appearsOnline(row(OnlineStatusCode.INVISIBLE, OnlineVisibility.EVERYONE), true)).toBe(false);
    expect(appearsOnline(row(OnlineStatusCode.ONLINE, OnlineVisibility.FRIENDS), false)).toBe(false);
    expect(appearsOnline(row(OnlineStatusCode.ONLINE, OnlineVisibility.FRIENDS), true)).toBe(true);
    expect(appearsOnline(row(OnlineStatusCode.ONLINE, OnlineVisibility.NOBODY), true)).toBe(false);
    expect(announcesPresence(row(OnlineStatusCode.ONLINE, OnlineVisibility.FRIENDS))).toBe(true);
    expect(announcesPresence(row(OnlineStatusCode.INVISIBLE, OnlineVisibility.EVERYONE))).toBe(false);
  });

  it('members: self always, banned only to admins, never to whom they blocked', () => {
    const viewer = { id: 1, is_admin: 0 };
    expect(maySeeMember(viewer, { id: 1, banned_at: 5 }, false)).toBe(true);
    expect(maySeeMember(viewer, { id: 2, banned_at: 0 }, false)).toBe(true);
    expect(maySeeMember(viewer, { id: 2, banned_at: 5 }, false)).toBe(false);
    expect(maySeeMember({ id: 1, is_admin: 1 }, { id: 2, banned_at: 5 }, false)).toBe(true);
    expect(maySeeMember(viewer, { id: 2, banned_at: 0 }, true)).toBe(false);
  });

  it('messages: self, both block directions, and the permission code', () => {
    const ties = { isFriend: false, blockedBy: false, blocked: false };
    expect(messageRefusal(1, 1, Permission.EVERYONE, ties)).toBe('self');
    expect(messageRefusal(1, 2, Permission.EVERYONE, { ...ties, blockedBy: true })).toBe('blocked');
    expect(messageRefusal(1, 2, Permission.EVERYONE, { ...ties, blocked: true })).toBe('youBlocked');
    expect(messageRefusal(1, 2, Permission.FRIENDS, ties)).toBe('permission');
    expect(messageRefusal(1, 2, Permission.FRIENDS, { ...ties, isFriend: true })).toBeNull();
    expect(messageRefusal(1, 2, Permission.NOBODY, { ...ties, isFriend: true })).toBe('permission');
  });

  it('rooms: doors by type and standing; inside of private rooms only for those in it', () => {
    const s = {
      boss: false,
      blocked: false,
      kicked: false,
      invited: false,
      ownerFriend: false,
      ownerBlock: false,
    };
    const room = (room_type: number) => ({ room_type, owner_id: 9 });
    expect(roomRefusal(room(RoomType.PUBLIC), s)).toBeNull();
    expect(roomRefusal(room(RoomType.PUBLIC), { ...s, blocked: true })).toBe('blocked');
    expect(roomRefusal(room(RoomType.PUBLIC), { ...s, kicked: true })).toBe('kicked');
    expect(roomRefusal(room(RoomType.PUBLIC), { ...s, kicked: true, boss: true })).toBeNull();
    expect(roomRefusal(room(RoomType.INVITE_ONLY), { ...s, ownerFriend: true })).toBe('inviteOnly');
    expect(roomRefusal(room(RoomType.INVITE_ONLY), { ...s, invited: true })).toBeNull();
    expect(roomRefusal(room(RoomType.PRIVATE), s)).toBe('private');
    expect(roomRefusal(room(RoomType.PRIVATE), { ...s, ownerFriend: true })).toBeNull();
    expect(roomRefusal(room(RoomType.USER_PUBLIC), { ...s, ownerBlock: true })).toBe('blocked');
    const none = { isAdmin: false, isOwner: false, isModerator: false, isMember: false };
    expect(maySeeInsideRoom(room(RoomType.USER_PUBLIC), none)).toBe(true);
    expect(maySeeInsideRoom(room(RoomType.PRIVATE), none)).toBe(false);
    expect(maySeeInsideRoom(room(RoomType.INVITE_ONLY), { ...none, isMember: true })).toBe(true);
    expect(maySeeInsideRoom(room(RoomType.PRIVATE), { ...none, isModerator: true })).toBe(true);
  });
});

describe.each(dialects)('socialGraph on $name', (dialect) => {
  let t: TestApp;
  let graph: SocialGraph;
  let ana: Awaited<ReturnType<typeof member>>;
  let bea: Awaited<ReturnType<typeof member>>;
  let cruz: Awaited<ReturnType<typeof member>>;

  beforeAll(async () => {
    t = await testApp(dialect);
    graph = socialGraph(t.deps.db);
    [ana, bea, cruz] = await Promise.all([member(t.app), member(t.app), member(t.app)]);
    // ana and bea become friends through the product's own calls; cruz blocks ana.
    await ana.ok(api.buddy.sendUserBuddyRequest, { receivingUserId: bea.user.uid });
  });
  afterAll(() => t.close());

  it('friendship is symmetric once accepted', async () => {
    await bea.ok(api.buddy.acceptAllFriendshipRequests, {});
    expect(await graph.areFriends(ana.user.uid, bea.user.uid)).toBe(true);
    expect(await graph.areFriends(bea.user.uid, ana.user.uid)).toBe(true);
    expect(await graph.areFriends(ana.user.uid, cruz.user.uid)).toBe(false);
    expect(await graph.friendIds(ana.user.uid)).toEqual([bea.user.uid]);
    expect([...(await graph.friendsAmong(ana.user.uid, [bea.user.uid, cruz.user.uid]))]).toEqual([
      bea.user.uid,
    ]);
  });

  it('a block holds both ways, and its direction is known', async () => {
    await cruz.ok(api.people.blockUser, { userId: ana.user.uid });
    expect(await graph.blockedEitherWay(ana.user.uid, cruz.user.uid)).toBe(true);
    expect(await graph.blockedEitherWay(cruz.user.uid, ana.user.uid)).toBe(true);
    expect(await graph.hasBlocked(cruz.user.uid, ana.user.uid)).toBe(true);
    expect(await graph.hasBlocked(ana.user.uid, cruz.user.uid)).toBe(false);
    expect([...(await graph.blockedWithAmong(ana.user.uid, [bea.user.uid, cruz.user.uid]))]).toEqual([
      cruz.user.uid,
    ]);
    expect(await graph.blockPartners(cruz.user.uid)).toEqual([ana.user.uid]);
    const ties = await graph.tiesWith(ana.user.uid, cruz.user.uid);
    expect(ties).toEqual({ isFriend: false, blocked: false, blockedBy: true });
  });

  it('the blocked member cannot see the blocker; the blocker still sees them', async () => {
    const row = (id: number) => ({ id, banned_at: 0, is_admin: 0 });
    expect(await graph.maySeeMember(row(ana.user.uid), row(cruz.user.uid))).toBe(false);
    expect(await graph.maySeeMember(row(cruz.user.uid), row(ana.user.uid))).toBe(true);
  });

  it('messaging refusals come from the ties in both directions', async () => {
    expect(await graph.messageRefusal(ana.user.uid, cruz.user.uid, Permission.EVERYONE)).toBe('blocked');
    expect(await graph.messageRefusal(cruz.user.uid, ana.user.uid, Permission.EVERYONE)).toBe('youBlocked');
    expect(await graph.messageRefusal(ana.user.uid, bea.user.uid, Permission.FRIENDS)).toBeNull();
    expect(await graph.messageRefusal(cruz.user.uid, bea.user.uid, Permission.FRIENDS)).toBe('permission');
  });

  it('items: privacy levels for author, friend, stranger and a blocked member', async () => {
    const author = { id: ana.user.uid, buddies_private: 0 };
    for (const [viewer, privacy, expected] of [
      [ana.user.uid, PhotoPrivacy.PRIVATE, true],
      [bea.user.uid, PhotoPrivacy.FRIENDS, true],
      [bea.user.uid, PhotoPrivacy.PRIVATE, false],
      [cruz.user.uid, PhotoPrivacy.PUBLIC, false],
    ] as const) {
      expect(await graph.maySeeItemOf(viewer, author, privacy), `${viewer} ${privacy}`).toBe(expected);
    }
    const stranger = (await member(t.app)).user.uid;
    expect(await graph.maySeeItemOf(stranger, author, PhotoPrivacy.PUBLIC)).toBe(true);
    expect(await graph.maySeeItemOf(stranger, author, PhotoPrivacy.FRIENDS)).toBe(false);
    expect(await graph.maySeeItemOf(stranger, { ...author, buddies_private: 1 }, PhotoPrivacy.PUBLIC)).toBe(
      false,
    );
  });
});

describe.each(dialects)('graph conditions on $name', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(dialect);
  });
  afterAll(() => t.close());

  it('notBlockedBy: drops the members who blocked the viewer, keeps those the viewer blocked', async () => {
    const [viewer, blocker, blocked, other] = await Promise.all([
      member(t.app),
      member(t.app),
      member(t.app),
      member(t.app),
    ]);
    await blocker.ok(api.people.blockUser, { userId: viewer.user.uid });
    await viewer.ok(api.people.blockUser, { userId: blocked.user.uid });
    const rows = await t.deps.db
      .selectFrom('users')
      .select('id')
      .where('id', 'in', [blocker.user.uid, blocked.user.uid, other.user.uid])
      .where((eb) => notBlockedBy(eb, viewer.user.uid, 'users.id'))
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.id)).toEqual([blocked.user.uid, other.user.uid].sort((a, b) => a - b));
  });
});
