import type { ChatEntry, ChatRoom, LeaderboardEntry, PushEvent, User, UserRef } from '@tertulia/contract';
import type { Deps } from '../../deps';
import type { UserRow } from '../../http/context';
import { ApiError, forbidden, invalid, notFound, rateLimited } from '../../http/errors';
import { STALE_MS } from '../../push/presence';
import type { PeopleService } from '../people/service';
import { peopleStore } from '../people/store';
import { toUser } from '../people/user-view';
import { chatStore, type EntryRow, type RoomRow } from './store';

export const MINUTE = 60_000;
export const DAY = 24 * 60 * MINUTE;
/** A kicked member may come back after this. */
export const KICK_MS = 5 * MINUTE;
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
        await publish(await memberIds(g.room_id), {
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

  async function toRooms(viewer: UserRow, rooms: RoomRow[]): Promise<ChatRoom[]> {
    const ids = rooms.map((r) => r.id);
    const [counts, moderated] = await Promise.all([
      store.counts(ids),
      ids.length
        ? deps.db
            .selectFrom('chat_room_roles')
            .select('room_id')
            .where('user_id', '=', viewer.id)
            .where('role', '=', 'moderator')
            .where('room_id', 'in', ids)
            .execute()
        : Promise.resolve([]),
    ]);
    const mods = new Set(moderated.map((m) => m.room_id));
    return rooms.map((room) => ({
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
    }));
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
    // isGag: the sender is gagged now, so the room can see who is muted.
    const now = Date.now();
    const gagged = new Set(userRows.filter((u) => u.chat_gag_until > now).map((u) => u.id));
    return rows.map((r) => ({
      ...entryOf(r, byId.get(r.sender_id), r.dest_id ? byId.get(r.dest_id) : undefined, bg.get(r.sender_id)),
      isGag: gagged.has(r.sender_id),
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

  function checkNotGagged(viewer: UserRow) {
    if (viewer.chat_gag_until > Date.now()) {
      throw new ApiError(
        'ApiForbiddenException',
        'chat.gagged',
        {},
        { chatGagExpiration: viewer.chat_gag_until },
      );
    }
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
    const users = await people.present(viewer, await peopleRows.byIds(rows.map((r) => r.userId)));
    const byId = new Map(users.map((u) => [u.uid, u]));
    return rows.map((r) => ({ user: byId.get(r.userId), score: r.score }));
  }

  /** Owner or admin acts as owner; moderators moderate; everyone else is refused. */
  async function moderatorOf(viewer: UserRow, room: RoomRow) {
    const s = await standing(viewer, room);
    const asOwner = s.owner || viewer.is_admin === 1;
    if (!asOwner && !s.moderator) throw forbidden('chat.moderatorsOnly');
    return { asOwner };
  }

  async function target(viewer: UserRow, userId: number, room: RoomRow): Promise<UserRow> {
    if (userId === viewer.id) throw invalid('userId', 'chat.self');
    const row = await people.visible(viewer, userId);
    if (room.owner_id === row.id) throw forbidden('chat.ownerProtected');
    return row;
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
