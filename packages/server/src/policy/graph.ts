import { OnlineStatusCode, RoomType } from '@tertulia/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { graphStore, type Ties } from './graph-store';
import { showsOnlineTo } from './preferences';
import { effectiveOnlineStatus, type PremiumFace } from './premium';
import { maySeeItem } from './privacy';
import { isHidden } from './standing';

/**
 * The social graph's one owner (docs/architecture.md, "The policy module"): every feature asks
 * here whether two members are friends, whether either blocked the other, whether a viewer may
 * see a member, an item or a room, and whether a sender may message a target. The rules are the
 * pure functions below; `socialGraph(db)` answers them from the database.
 */

export type { Ties } from './graph-store';
export {
  appearsOnlineTo,
  blockPartnerIdsOf,
  friendIdsOf,
  friendRowsOf,
  isFriendOf,
  noBlockWith,
} from './graph-store';
export { maySeeItem } from './privacy';
export { itemVisibleTo } from './privacy-store';

/** Permission codes of imPermission, messagePermission and pmPermission: 0 everyone, 1 friends, 2 nobody. */
export const Permission = { EVERYONE: 0, FRIENDS: 1, NOBODY: 2 } as const;

/** Whether a permission code lets a sender (a friend or not) through. */
export function permits(permission: number, isFriend: boolean): boolean {
  return permission === Permission.EVERYONE || (permission === Permission.FRIENDS && isFriend);
}

/** What the online rules read of a member's row. */
export interface OnlineFace extends PremiumFace {
  online_status: number;
  online_visibility: number;
}

/**
 * Whether a viewer (not the member) sees the member as online: not invisible (while IM_STATUS
 * lasts, policy/premium.ts), and their online visibility allows it.
 */
export function appearsOnline(row: OnlineFace, viewerIsFriend: boolean): boolean {
  return effectiveOnlineStatus(row) !== OnlineStatusCode.INVISIBLE && showsOnlineTo(row, viewerIsFriend);
}

/** Whether the member announces themself at all (coming online, visiting a profile). */
export function announcesPresence(row: OnlineFace): boolean {
  return appearsOnline(row, true);
}

/** What the member rule reads of a viewer and a member. */
export interface MemberFace {
  id: number;
  banned_at: number;
}
export interface ViewerFace {
  id: number;
  is_admin: number;
}

/**
 * Whether `viewer` may see `member` at all: themself always; a banned member only an admin;
 * nobody who is blocked by the member. `blockedBy` says whether the member blocked the viewer.
 */
export function maySeeMember(viewer: ViewerFace, member: MemberFace, blockedBy: boolean): boolean {
  if (member.id === viewer.id) return true;
  if (isHidden(member) && !viewer.is_admin) return false;
  return !blockedBy;
}

/** What the room rules read of a room. */
export interface RoomFace {
  room_type: number;
  owner_id: number | null;
}

/** The viewer's standing in a room, as the room rules read it. */
export interface RoomStanding {
  /** Owner, moderator or admin: passes every door. */
  boss: boolean;
  blocked: boolean;
  kicked: boolean;
  invited: boolean;
  /** Friends with the room's owner. */
  ownerFriend: boolean;
  /** A block either way between the viewer and the room's owner. */
  ownerBlock: boolean;
}

/** Why a viewer may not enter a room, or null when they may (capacity is checked apart). */
export type RoomRefusal = 'blocked' | 'kicked' | 'inviteOnly' | 'private' | null;

/**
 * The room's doors: bosses pass; a room block or kick keeps one out; an invite-only room (4)
 * takes invitees; a private room (3) takes invitees and its owner's friends; nobody enters a
 * room whose owner they blocked or were blocked by.
 */
export function roomRefusal(room: RoomFace, s: RoomStanding): RoomRefusal {
  if (s.boss) return null;
  if (s.blocked) return 'blocked';
  if (s.kicked) return 'kicked';
  if (room.room_type === RoomType.INVITE_ONLY && !s.invited) return 'inviteOnly';
  if (room.room_type === RoomType.PRIVATE && !s.invited && !s.ownerFriend) return 'private';
  if (s.ownerBlock) return 'blocked';
  return null;
}

export const isPrivateRoom = (room: RoomFace) =>
  room.room_type === RoomType.PRIVATE || room.room_type === RoomType.INVITE_ONLY;

/**
 * Whether a viewer sees inside a room (members, count, bosses, lines): always in open rooms; in
 * private and invite-only ones only the owner, its moderators, admins and who is in it now.
 */
export function maySeeInsideRoom(
  room: RoomFace,
  s: { isAdmin: boolean; isOwner: boolean; isModerator: boolean; isMember: boolean },
): boolean {
  return !isPrivateRoom(room) || s.isAdmin || s.isOwner || s.isModerator || s.isMember;
}

/** Why a message may not go from a sender to a target, or null when it may. */
export type MessageRefusal = 'self' | 'blocked' | 'youBlocked' | 'permission' | null;

/**
 * The messaging rule: never to oneself; not when the target blocked the sender ('blocked': the
 * target looks missing) or the sender blocked the target ('youBlocked': the sender is told to
 * unblock first); and only when the target's permission code lets this sender through.
 */
export function messageRefusal(
  senderId: number,
  targetId: number,
  permission: number,
  t: { isFriend: boolean; blockedBy: boolean; blocked: boolean },
): MessageRefusal {
  if (senderId === targetId) return 'self';
  if (t.blockedBy) return 'blocked';
  if (t.blocked) return 'youBlocked';
  return permits(permission, t.isFriend) ? null : 'permission';
}

/**
 * Whether a block stands between the viewer and `id`, whoever blocked whom: the one function of
 * "blocked either way" (ties read by tiesAmong); its SQL form is noBlockWith (graph-store.ts),
 * and the two are checked against each other (policy/rules-sql.test.ts).
 */
export const blockedEitherWay = (ties: Pick<Ties, 'blocked' | 'blockedBy'>, id: number): boolean =>
  ties.blocked.has(id) || ties.blockedBy.has(id);

/** What the start-a-conversation rule reads of the target. */
export interface ContactTarget {
  id: number;
  banned_at: number;
}

/**
 * Whether the sender may start a conversation with the target now (User.canInitiateIM with the
 * IM permission, canInitiatePM with the chat one): the messaging rule lets it through and the
 * target is not banned. Derived from `messageRefusal`, so the two never disagree.
 */
export function mayInitiate(
  senderId: number,
  target: ContactTarget,
  permission: number,
  t: { isFriend: boolean; blockedBy: boolean; blocked: boolean },
): boolean {
  return !isHidden(target) && messageRefusal(senderId, target.id, permission, t) === null;
}

/** The graph's answers from the database. */
export function socialGraph(db: Kysely<Database>) {
  const store = graphStore(db);

  async function tiesWith(me: number, other: number) {
    const ties: Ties = await store.tiesAmong(me, [other]);
    return {
      isFriend: ties.friends.has(other),
      blocked: ties.blocked.has(other),
      blockedBy: ties.blockedBy.has(other),
    };
  }

  return {
    ...store,
    tiesWith,

    /** Whether `blocker` blocked `other` (one direction). */
    async hasBlocked(blocker: number, other: number): Promise<boolean> {
      return (await store.blockedAmong(blocker, [other])).size > 0;
    },

    async maySeeMember(viewer: ViewerFace, member: MemberFace): Promise<boolean> {
      if (member.id === viewer.id) return true;
      const blockedBy = (await store.blockersAmong(viewer.id, [member.id])).size > 0;
      return maySeeMember(viewer, member, blockedBy);
    },

    /** Whether a viewer may see an item (status, feed item, photo) of `author` with `privacy`. */
    async maySeeItemOf(
      viewerId: number,
      author: { id: number; buddies_private: number },
      privacy: number,
    ): Promise<boolean> {
      const isAuthor = viewerId === author.id;
      if (!isAuthor && (await store.blockedEitherWay(viewerId, author.id))) return false;
      const isFriend = !isAuthor && (await store.areFriends(viewerId, author.id));
      return maySeeItem({ privacy, isAuthor, isFriend, authorPrivate: author.buddies_private === 1 });
    },

    /** messageRefusal, with the ties read from the database. */
    async messageRefusal(senderId: number, targetId: number, permission: number): Promise<MessageRefusal> {
      if (senderId === targetId) return 'self';
      return messageRefusal(senderId, targetId, permission, await tiesWith(senderId, targetId));
    },
  };
}
export type SocialGraph = ReturnType<typeof socialGraph>;

export { notBlockedBy } from './graph-store';
