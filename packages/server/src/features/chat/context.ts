import {
  CHAT_LIMITS,
  type ChatEntry,
  type ChatRoom,
  type LeaderboardEntry,
  type PushEvent,
  type User,
  type UserRef,
} from '@tertulia/contract';
import type { Deps } from '../../deps';
import type { UserRow } from '../../http/context';
import { ApiError, forbidden, invalid, notFound, rateLimited } from '../../http/errors';
import { STALE_MS } from '../../push/presence';
import { blockedWithAmong } from '../people/blocks';
import type { PeopleService } from '../people/service';
import { peopleStore } from '../people/store';
import { toUser } from '../people/user-view';
import { chatStore, type EntryRow, type RoomRow } from './store';

export const MINUTE = 60_000;
export const DAY = 24 * 60 * MINUTE;
/** A kicked member may come back after this, unless the kick names its minutes. */
export const KICK_MS = CHAT_LIMITS.kickMinutes.default * MINUTE;
/** Owners and moderators act on members in their room now or there within this time. */
export const RECENT_MS = DAY;

/** A duration over its bound: the bound in hours up to a day, in days above. */
const tooLong = (maxMinutes: number) =>
  maxMinutes > 24 * 60
    ? invalid('minutes', 'chat.maxDays', { n: String(Math.floor(maxMinutes / (24 * 60))) })
    : invalid('minutes', 'chat.maxHours', { n: String(Math.floor(maxMinutes / 60)) });
/** Flood limit: lines (public and private) a member may send per window. */
export const SEND_LIMIT = { max: 10, windowMs: 10_000 };
export const MESSAGE_TYPE = { public: 0, private: 1 } as const;

export const ref = (row: UserRow): UserRef => ({ uid: row.id, name: row.name, image1: toUser(row).image1 });
/** The sender as every listener sees them (the push frame is shared, so nothing viewer-relative). */
export const light = (row: UserRow): User => {
  const u = toUser(row);
  return {
    uid: u.uid,
    name: u.name,
    image1: u.image1,
    gender: u.gender,
    age: u.age,
    star: u.star,
    verified: u.verified,
  };
};

/**
 * Chat rooms. Membership is live presence: a member is in a room from enterRoom until leaveRoom,
 * a kick or block, or until their sockets are all gone. The last one is checked lazily: whenever a
 * room's members are read, members who entered more than STALE_MS ago and have no live socket on
 * any instance (presence) are dropped and the room hears they left. The grace period lets a member
 * enter over HTTP a moment before their socket connects.
 */
export function chatContext(deps: Deps, people: PeopleService) {
  const store = chatStore(deps.db);
  const peopleRows = peopleStore(deps.db);

  async function limit(key: string, max: number, windowMs: number) {
    const decision = await deps.limiter.hit(key, max, windowMs);
    if (!decision.allowed) throw rateLimited(decision.retryAfterMs);
  }

  async function roomOr404(roomId: number): Promise<RoomRow> {
    const room = await store.room(roomId);
    if (!room) throw notFound('chat.roomNotFound');
    return room;
  }

  async function publish(userIds: number[], event: PushEvent) {
    await deps.hub.publish(userIds, event).catch(() => {});
  }

  async function memberIds(roomId: number): Promise<number[]> {
    return (await store.members(roomId)).map((m) => m.user_id);
  }

  /** Drops members whose sockets are all gone (see above); all rooms when none are named. */
  async function prune(roomIds?: number[]) {
    const candidates = await store.enteredBefore(Date.now() - STALE_MS, roomIds);
    if (!candidates.length) return;
    const online = await deps.presence.sources([...new Set(candidates.map((c) => c.user_id))]);
    const gone = candidates.filter((c) => !online.has(c.user_id));
    const rows = new Map(
      (await peopleRows.byIds([...new Set(gone.map((g) => g.user_id))])).map((r) => [r.id, r]),
    );
    for (const g of gone) {
      await store.leave(g.user_id, g.room_id);
      const row = rows.get(g.user_id);
      if (row)
        await publishAbout(row, await memberIds(g.room_id), {
          type: 'chatRoomUser',
          roomId: g.room_id,
          user: ref(row),
          action: 'left',
        });
    }
  }

  interface Standing {
    owner: boolean;
    moderator: boolean;
    /** Owner, moderator or admin: passes every door of the room. */
    boss: boolean;
    roles: Set<string>;
  }

  async function standing(viewer: UserRow, room: RoomRow): Promise<Standing> {
    const roles = await store.roles(room.id, viewer.id, Date.now());
    const owner = room.owner_id === viewer.id;
    const moderator = roles.has('moderator');
    return { owner, moderator, boss: owner || moderator || viewer.is_admin === 1, roles };
  }

  /** The doors of a room, except its capacity. */
  async function checkAccess(viewer: UserRow, room: RoomRow): Promise<Standing> {
    const s = await standing(viewer, room);
    if (s.boss) return s;
    if (s.roles.has('blocked')) throw forbidden('chat.blocked');
    if (s.roles.has('kicked')) throw forbidden('chat.kicked');
    if (room.room_type === 4 && !s.roles.has('invited')) throw forbidden('chat.inviteOnly');
    if (room.room_type === 3 && !s.roles.has('invited')) {
      const friend = room.owner_id !== null && (await store.areFriends(room.owner_id, viewer.id));
      if (!friend) throw forbidden('chat.private');
    }
    if (room.owner_id && (await peopleRows.blockedEitherWay(room.owner_id, viewer.id)))
      throw forbidden('chat.blocked');
    return s;
  }

  const isPrivate = (room: RoomRow) => room.room_type === 3 || room.room_type === 4;

  /**
   * Whether the viewer may see inside the room (its members, count, bosses, lines): always for
   * other rooms; for private (3) and invite-only (4) ones only its owner, moderators, admins and
   * who is in it now. Others see what an invitation shows (sealed).
   */
  async function seesInside(viewer: UserRow, room: RoomRow): Promise<boolean> {
    if (!isPrivate(room) || viewer.is_admin === 1 || room.owner_id === viewer.id) return true;
    if (await store.isMember(room.id, viewer.id)) return true;
    return (await store.roles(room.id, viewer.id, Date.now())).has('moderator');
  }

  /** The room's doors, and for a private room, being inside it (seesInside). */
  async function checkInside(viewer: UserRow, room: RoomRow): Promise<Standing> {
    const s = await checkAccess(viewer, room);
    if (!(await seesInside(viewer, room))) throw forbidden('chat.membersOnly');
    return s;
  }

  /** A private room as its invitation shows it: names and type, nothing of who is inside. */
  const sealed = (room: RoomRow): ChatRoom => ({
    id: room.id,
    name: room.name,
    displayName: room.display_name,
    categoryName: room.category,
    roomType: room.room_type,
    isModerator: false,
    isOwner: false,
    locale: room.locale,
  });

  async function toRooms(viewer: UserRow, rooms: RoomRow[]): Promise<ChatRoom[]> {
    const ids = rooms.map((r) => r.id);
    const now = Date.now();
    const [counts, roles, inRooms] = await Promise.all([
      store.counts(ids),
      store.rolesIn(viewer.id, ids, now),
      store.roomsIn(
        viewer.id,
        rooms.filter(isPrivate).map((r) => r.id),
      ),
    ]);
    const mods = new Set(roles.filter((r) => r.role === 'moderator').map((m) => m.room_id));
    const gags = new Map(roles.filter((r) => r.role === 'gagged').map((g) => [g.room_id, Number(g.until)]));
    return rooms.map((room) => {
      const inside =
        !isPrivate(room) ||
        viewer.is_admin === 1 ||
        room.owner_id === viewer.id ||
        mods.has(room.id) ||
        inRooms.has(room.id);
      return inside ? fullRoom(room) : sealed(room);
    });

    function fullRoom(room: RoomRow): ChatRoom {
      return {
        id: room.id,
        name: room.name,
        displayName: room.display_name,
        categoryName: room.category,
        roomType: room.room_type,
        maxUsers: room.max_users,
        usersCount: counts.get(room.id) ?? 0,
        // The viewer may moderate here: admins pass every door of every room (standing).
        isModerator: mods.has(room.id) || room.owner_id === viewer.id || viewer.is_admin === 1,
        isOwner: room.owner_id === viewer.id,
        isNearMe:
          !!room.country && !!viewer.country && room.country.toLowerCase() === viewer.country.toLowerCase(),
        locale: room.locale,
        gagExpiration: gags.get(room.id) ?? 0,
      };
    }
  }

  const toRoom = async (viewer: UserRow, room: RoomRow) => (await toRooms(viewer, [room]))[0];

  async function profileRoom(owner: UserRow): Promise<RoomRow> {
    const existing = await store.profileRoom(owner.id);
    if (existing) return existing;
    return store.insertRoom({
      name: owner.name,
      display_name: owner.name,
      category: 'Perfiles',
      room_type: 1,
      max_users: 50,
      owner_id: owner.id,
      locale: owner.locale,
      country: owner.country,
      created_at: Date.now(),
    });
  }

  async function toEntries(viewer: UserRow, rows: EntryRow[]): Promise<ChatEntry[]> {
    const ids = [...new Set(rows.flatMap((r) => (r.dest_id ? [r.sender_id, r.dest_id] : [r.sender_id])))];
    const userRows = await peopleRows.byIds(ids);
    const [users, bg] = await Promise.all([
      people.present(viewer, userRows),
      store.bgColors([...new Set(rows.map((r) => r.sender_id))]),
    ]);
    const byId = new Map(users.map((u) => [u.uid, u]));
    // isGag: the sender is gagged now, in every room or in this line's room, so the room sees who is muted.
    const now = Date.now();
    const gagged = new Set(userRows.filter((u) => u.chat_gag_until > now).map((u) => `*:${u.id}`));
    for (const roomId of new Set(rows.map((r) => r.room_id))) {
      const senders = [...new Set(rows.filter((r) => r.room_id === roomId).map((r) => r.sender_id))];
      for (const id of (await store.gagsIn(roomId, senders, now)).keys()) gagged.add(`${roomId}:${id}`);
    }
    return rows.map((r) => ({
      ...entryOf(r, byId.get(r.sender_id), r.dest_id ? byId.get(r.dest_id) : undefined, bg.get(r.sender_id)),
      isGag: gagged.has(`*:${r.sender_id}`) || gagged.has(`${r.room_id}:${r.sender_id}`),
    }));
  }

  const entryOf = (r: EntryRow, user?: User, destinationUser?: User, bgColor?: string | null): ChatEntry => ({
    message: r.message,
    emoticonPath: r.emoticon_path ?? 'default',
    user,
    messageType: r.message_type,
    timestamp: r.created_at,
    color: r.color ?? undefined,
    bgColor: bgColor ?? undefined,
    destinationUser,
    isGag: false,
  });

  /** Refuses a member gagged in every room (admins' gag) or in this room (its bosses' gag). */
  async function checkNotGagged(viewer: UserRow, roomId: number) {
    const now = Date.now();
    if (viewer.chat_gag_until > now) {
      throw new ApiError(
        'ApiForbiddenException',
        'chat.gagged',
        {},
        { chatGagExpiration: viewer.chat_gag_until },
      );
    }
    const until = (await store.gagsIn(roomId, [viewer.id], now)).get(viewer.id);
    if (until)
      throw new ApiError('ApiForbiddenException', 'chat.roomGagged', {}, { roomId, gagExpiration: until });
  }

  /** Tells the room about a member (came, went, kicked), leaving out who is blocked either way with them. */
  async function publishAbout(about: UserRow, listeners: number[], event: PushEvent) {
    const blocked = await blockedWithAmong(deps.db, about.id, listeners);
    await publish(
      [...new Set(listeners)].filter((id) => !blocked.has(id)),
      event,
    );
  }

  async function inRoomOrForbidden(roomId: number, userId: number) {
    if (!(await store.isMember(roomId, userId))) throw forbidden('chat.notInRoom');
  }

  async function settingsOf(userId: number) {
    const row = await store.settings(userId);
    return {
      color: row?.color ?? null,
      bg_color: row?.bg_color ?? null,
      emoticon_path: row?.emoticon_path ?? 'default',
      layout_style: row?.layout_style ?? 'cozy',
      collapse_images: row?.collapse_images ?? 0,
    };
  }

  const offset = (p: { page?: number; limit?: number }, fallback: number) => {
    const size = p.limit ?? fallback;
    return { offset: ((p.page ?? 1) - 1) * size, size };
  };

  async function leaderEntries(
    viewer: UserRow,
    rows: { userId: number; score: number }[],
  ): Promise<LeaderboardEntry[]> {
    const blocked = await blockedWithAmong(
      deps.db,
      viewer.id,
      rows.map((r) => r.userId),
    );
    const shown = rows.filter((r) => !blocked.has(r.userId));
    const users = await people.present(viewer, await peopleRows.byIds(shown.map((r) => r.userId)));
    const byId = new Map(users.map((u) => [u.uid, u]));
    return shown.map((r) => ({ user: byId.get(r.userId), score: r.score }));
  }

  /** Owner or admin acts as owner; moderators moderate; everyone else is refused. */
  async function moderatorOf(viewer: UserRow, room: RoomRow) {
    const s = await standing(viewer, room);
    const asOwner = s.owner || viewer.is_admin === 1;
    if (!asOwner && !s.moderator) throw forbidden('chat.moderatorsOnly');
    return { asOwner };
  }

  /** Whom a moderator may act on in the room: not themselves, nor the owner (but for an admin's gag). */
  async function target(viewer: UserRow, userId: number, room: RoomRow, ownerToo = false): Promise<UserRow> {
    if (userId === viewer.id) throw invalid('userId', 'chat.self');
    const row = await people.visible(viewer, userId);
    if (room.owner_id === row.id && !ownerToo) throw forbidden('chat.ownerProtected');
    return row;
  }

  /**
   * The limits of room moderation: only an admin acts on an admin; owners and moderators act on
   * members in the room now or there within RECENT_MS; durations stay within their bound.
   */
  async function checkModeration(
    viewer: UserRow,
    who: UserRow,
    room: RoomRow,
    minutes: number,
    maxMinutes: number,
  ) {
    if (who.is_admin === 1 && viewer.is_admin !== 1) throw forbidden('chat.adminProtected');
    if (minutes > maxMinutes) throw tooLong(maxMinutes);
    if (viewer.is_admin !== 1 && !(await store.inRoomSince(room.id, who.id, Date.now() - RECENT_MS)))
      throw forbidden('chat.notRecentlyInRoom');
  }

  return {
    deps,
    people,
    store,
    peopleRows,
    limit,
    roomOr404,
    publish,
    memberIds,
    prune,
    standing,
    checkAccess,
    checkInside,
    seesInside,
    isPrivate,
    sealed,
    publishAbout,
    checkModeration,
    toRooms,
    profileRoom,
    toEntries,
    checkNotGagged,
    inRoomOrForbidden,
    settingsOf,
    leaderEntries,
    moderatorOf,
    target,
    toRoom,
    entryOf,
    offset,
  };
}

export type ChatContext = ReturnType<typeof chatContext>;
