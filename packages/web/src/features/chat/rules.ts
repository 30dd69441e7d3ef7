import {
  CHAT_LIMITS,
  type ChatEntry,
  type ChatRoom,
  EmoticonTheme,
  type PushEvent,
  RoomType,
  type User,
  valuesOf,
} from '@tertulia/contract';
import './texts';

/** The rules of the chat pages, free of React so they can be tested alone. */

export const LAYOUTS = ['compact', 'cozy', 'comfortable'] as const;
export type Layout = (typeof LAYOUTS)[number];
export const layoutOf = (style: string | undefined): Layout =>
  (LAYOUTS as readonly string[]).includes(style ?? '') ? (style as Layout) : 'cozy';

/** Emoticon themes the server offers (chat/setEmoticonPath.do refuses any other). */
export const EMOTICON_THEMES = valuesOf(EmoticonTheme);

/** Room types members may create (2 public, 3 private, 4 invite only). */
export const CREATABLE_TYPES = [RoomType.USER_PUBLIC, RoomType.PRIVATE, RoomType.INVITE_ONLY] as const;

export const roomTitle = (room: Pick<ChatRoom, 'displayName' | 'name' | 'id'>) =>
  room.displayName || room.name || `#${room.id}`;

/** Rooms grouped by category, in the order the categories first appear. */
export function byCategory(rooms: ChatRoom[]): [string, ChatRoom[]][] {
  const groups = new Map<string, ChatRoom[]>();
  for (const room of rooms) {
    const key = room.categoryName ?? '';
    groups.set(key, [...(groups.get(key) ?? []), room]);
  }
  return [...groups.entries()];
}

// ---- Roles and who may do what -------------------------------------------------------------

export interface RoomRoles {
  ownerId?: number;
  moderatorIds: ReadonlySet<number>;
}

/**
 * getChatRoomOwnerAndModerators answers the owner first, then the moderators. Public rooms
 * (type 0) have no owner: every one listed is a moderator.
 */
export function rolesOf(room: Pick<ChatRoom, 'roomType'> | undefined, bosses: readonly User[]): RoomRoles {
  const hasOwner = room?.roomType !== undefined && room.roomType !== RoomType.PUBLIC;
  const ownerId = hasOwner ? bosses[0]?.uid : undefined;
  return { ownerId, moderatorIds: new Set(bosses.filter((u) => u.uid !== ownerId).map((u) => u.uid)) };
}

export type RoleName = 'owner' | 'moderator' | undefined;
export const roleOf = (roles: RoomRoles, uid: number): RoleName =>
  roles.ownerId === uid ? 'owner' : roles.moderatorIds.has(uid) ? 'moderator' : undefined;

export type ModAction = 'kick' | 'block' | 'gag' | 'addModerator' | 'removeModerator';

/**
 * The moderator menu, as the server decides it: nobody acts on themselves or on the owner;
 * moderators kick, block and gag members; only the owner (or an admin, who acts as owner in
 * every room) acts on moderators and names or removes them.
 */
export function moderatorActions(
  viewer: { uid: number; isAdmin?: boolean; room: Pick<ChatRoom, 'isOwner' | 'isModerator'> },
  targetId: number,
  roles: RoomRoles,
): ModAction[] {
  if (targetId === viewer.uid || targetId === roles.ownerId) return [];
  const owner = !!viewer.room.isOwner || !!viewer.isAdmin;
  const moderator = owner || !!viewer.room.isModerator;
  if (!moderator) return [];
  const targetIsModerator = roles.moderatorIds.has(targetId);
  if (!owner) return targetIsModerator ? [] : ['kick', 'block', 'gag'];
  return ['kick', 'block', 'gag', targetIsModerator ? 'removeModerator' : 'addModerator'];
}

/** Actions that last a chosen time; the member menu asks how long before acting. */
export type TimedAction = 'kick' | 'block' | 'gag';
export const isTimed = (action: ModAction): action is TimedAction =>
  action === 'kick' || action === 'block' || action === 'gag';

const CHOICES: Record<TimedAction, number[]> = {
  kick: [5, 60, 24 * 60],
  block: [24 * 60, 7 * 24 * 60, 30 * 24 * 60],
  gag: [10, 60, 24 * 60, 7 * 24 * 60],
};

/**
 * Minutes offered for a timed action, within the server's bounds: a room gag lasts a day at most
 * (a week for admins), a kick a day, a block 30 days.
 */
export function durationChoices(action: TimedAction, isAdmin: boolean): number[] {
  const bound = CHAT_LIMITS[`${action}Minutes`];
  const max = action === 'gag' && isAdmin ? CHAT_LIMITS.gagMinutes.adminMax : bound.max;
  return CHOICES[action].filter((m) => m <= max);
}

/** A duration as a catalog key and its number: minutes, hours, or days from two days up. */
export function durationText(minutes: number): {
  key: 'chat.duration.days' | 'chat.duration.hours' | 'chat.duration.minutes';
  n: number;
} {
  if (minutes >= 2 * 24 * 60 && minutes % (24 * 60) === 0)
    return { key: 'chat.duration.days', n: minutes / (24 * 60) };
  if (minutes >= 60 && minutes % 60 === 0) return { key: 'chat.duration.hours', n: minutes / 60 };
  return { key: 'chat.duration.minutes', n: minutes };
}

/**
 * The member's gag where they are: the room's own gag (it holds in that room only) or the
 * site-wide one, whichever ends later; 0 when neither holds now.
 */
export function gagIn(
  room: Pick<ChatRoom, 'gagExpiration'> | undefined,
  siteWide: number | undefined,
  now = Date.now(),
): { until: number; roomOnly: boolean } {
  const inRoom = room?.gagExpiration ?? 0;
  const site = siteWide ?? 0;
  const until = Math.max(inRoom, site);
  return until > now ? { until, roomOnly: inRoom > site } : { until: 0, roomOnly: false };
}

/** Private message, ignore and report: for anyone but oneself. */
export const memberActionsFor = (viewerId: number, targetId: number) => viewerId !== targetId;

// ---- The stream ----------------------------------------------------------------------------

/** Entries have no id: time, sender, kind and text tell them apart (a pushed copy of one's own line included). */
export const entryKey = (e: ChatEntry) =>
  `${e.timestamp ?? 0}:${e.user?.uid ?? 0}:${e.messageType ?? 0}:${e.message ?? ''}`;

/** The newest `max` entries, oldest first, one per key. */
export function mergeEntries(
  held: readonly ChatEntry[] | undefined,
  incoming: readonly ChatEntry[],
  max = 300,
) {
  const byKey = new Map<string, ChatEntry>();
  for (const e of [...(held ?? []), ...incoming]) byKey.set(entryKey(e), e);
  return [...byKey.values()].sort((a, b) => (a.timestamp ?? 0) - (b.timestamp ?? 0)).slice(-max);
}

/** The newest timestamp held: a catch-up asks only for what came after it. */
export const lastTimestamp = (entries: readonly ChatEntry[] | undefined) =>
  entries?.length ? Math.max(...entries.map((e) => e.timestamp ?? 0)) : undefined;

function luminance(hex: string): number | undefined {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return undefined;
  const n = Number.parseInt(m[1], 16);
  const channel = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

/**
 * The sender's colours on their line. A text colour without a background of its own gets a
 * backdrop it can be read on (white text in light mode, black in dark mode would vanish).
 */
export function entryColors(
  color: string | undefined,
  bgColor: string | undefined,
): { color?: string; background?: string } | undefined {
  if (!color && !bgColor) return undefined;
  if (bgColor) return { color: color || readableOn(bgColor), background: bgColor };
  const l = luminance(color ?? '');
  if (l === undefined) return { color };
  if (l > 0.6) return { color, background: '#27343a' };
  if (l < 0.03) return { color, background: '#eef2f2' };
  return { color };
}

/** Black or white, whichever reads on the background. */
export const readableOn = (background: string) =>
  (luminance(background) ?? 1) > 0.35 ? '#111111' : '#ffffff';

/** Whether an image of a line shows: collapsed by setting until the member opens it. */
export const imageShown = (collapse: boolean, opened: ReadonlySet<string>, key: string) =>
  !collapse || opened.has(key);

/** Log entries whose block still holds (no later unblock of the same member): they offer an unblock. */
export function blocksInForce(
  log: readonly { id: number; action: string; target?: { uid: number }; until?: number }[],
  now = Date.now(),
): Set<number> {
  const settled = new Set<number>();
  const open = new Set<number>();
  // Newest first: the first block or unblock seen for a member is the one in force.
  for (const entry of log) {
    const uid = entry.target?.uid;
    if (uid === undefined || settled.has(uid)) continue;
    if (entry.action === 'unblock') settled.add(uid);
    if (entry.action === 'block') {
      settled.add(uid);
      // Blocks end by themselves (30 days at most): an ended one has nothing to lift.
      if (entry.until === undefined || entry.until > now) open.add(entry.id);
    }
  }
  return open;
}

// ---- Room membership pushes ----------------------------------------------------------------

export type RoomExit = 'kicked' | 'blocked' | 'deleted';

type RoomUserEvent = Extract<PushEvent, { type: 'chatRoomUser' }>;

/**
 * Applies someone entering or leaving to the member list; when the viewer is the one kicked or
 * blocked, says so, so the page can leave.
 */
export function applyRoomUser(
  users: readonly User[] | undefined,
  event: RoomUserEvent,
  me: number | undefined,
): { users: User[] | undefined; exit?: RoomExit } {
  const exit =
    event.user.uid === me && (event.action === 'kicked' || event.action === 'blocked')
      ? event.action
      : undefined;
  if (!users) return { users: undefined, exit };
  if (event.action === 'entered') {
    if (users.some((u) => u.uid === event.user.uid)) return { users: [...users], exit };
    const next = [...users, { uid: event.user.uid, name: event.user.name, image1: event.user.image1 }];
    return { users: next.sort((a, b) => (a.name ?? '').localeCompare(b.name ?? '')), exit };
  }
  return { users: users.filter((u) => u.uid !== event.user.uid), exit };
}

// ---- Private messages inside a room ----------------------------------------------------------

/** The other member of a private line, seen from `me`. */
export const otherOf = (e: ChatEntry, me: number) => (e.user?.uid === me ? e.destinationUser : e.user);

/** The private lines between me and one member, oldest first. */
export function threadWith(entries: readonly ChatEntry[], me: number, other: number): ChatEntry[] {
  return entries.filter(
    (e) =>
      (e.user?.uid === me && e.destinationUser?.uid === other) ||
      (e.user?.uid === other && e.destinationUser?.uid === me),
  );
}

/** One item per member I have private lines with, newest conversation first. */
export function threads(entries: readonly ChatEntry[], me: number): { user: User; last: ChatEntry }[] {
  const last = new Map<number, { user: User; last: ChatEntry }>();
  for (const e of entries) {
    const other = otherOf(e, me);
    if (other) last.set(other.uid, { user: other, last: e });
  }
  return [...last.values()].sort((a, b) => (b.last.timestamp ?? 0) - (a.last.timestamp ?? 0));
}
