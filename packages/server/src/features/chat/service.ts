import type {
  ChatConfiguration,
  ChatEntry,
  ChatModerationEntry,
  ChatRoom,
  LeaderboardEntry,
  PushEvent,
  User,
  UserRef,
} from '@tertulia/contract';
import type { Deps } from '../../deps';
import type { UserRow } from '../../http/context';
import { ApiError, forbidden, invalid, notFound, rateLimited } from '../../http/errors';
import { STALE_MS } from '../../push/presence';
import type { PeopleService } from '../people/service';
import { peopleStore } from '../people/store';
import { permits, toUser } from '../people/user-view';
import { CHAT_COLORS, emoticons, isChatColor, isEmoticonTheme, normalizeColor } from './look';
import { chatStore, type EntryRow, type RoomRow } from './store';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** A kicked member may come back after this. */
export const KICK_MS = 5 * MINUTE;
/** Flood limit: lines (public and private) a member may send per window. */
export const SEND_LIMIT = { max: 10, windowMs: 10_000 };
const MESSAGE_TYPE = { public: 0, private: 1 } as const;

const ref = (row: UserRow): UserRef => ({ uid: row.id, name: row.name, image1: toUser(row).image1 });
/** The sender as every listener sees them (the push frame is shared, so nothing viewer-relative). */
const light = (row: UserRow): User => {
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
export function chatService(deps: Deps, people: PeopleService) {
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
      isModerator: mods.has(room.id) || room.owner_id === viewer.id,
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
    const users = await people.present(viewer, await peopleRows.byIds(ids));
    const byId = new Map(users.map((u) => [u.uid, u]));
    return rows.map((r) => entryOf(r, byId.get(r.sender_id), r.dest_id ? byId.get(r.dest_id) : undefined));
  }

  const entryOf = (r: EntryRow, user?: User, destinationUser?: User): ChatEntry => ({
    message: r.message,
    emoticonPath: r.emoticon_path ?? 'default',
    user,
    messageType: r.message_type,
    timestamp: r.created_at,
    color: r.color ?? undefined,
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
    // ---------- rooms ----------
    async createRoom(
      viewer: UserRow,
      p: { name: string; roomType: number; maxUsers?: number; categoryName?: string; locale?: string },
    ): Promise<ChatRoom> {
      if (p.roomType === 1) return toRoom(viewer, await profileRoom(viewer));
      if (p.roomType === 0 && !viewer.is_admin) throw forbidden('forbidden.admin');
      const name = p.name.trim();
      if (name.length < 3) throw invalid('name', 'validation.tooShort');
      await limit(`chat:create:${viewer.id}`, 10, DAY);
      const room = await store.insertRoom({
        name,
        display_name: name,
        category: p.categoryName?.trim() || (p.roomType === 0 ? 'General' : 'Miembros'),
        room_type: p.roomType,
        max_users: p.maxUsers ?? (p.roomType === 0 ? 200 : 50),
        owner_id: p.roomType === 0 ? null : viewer.id,
        locale: p.locale ?? viewer.locale,
        country: p.roomType === 0 ? null : viewer.country,
        created_at: Date.now(),
      });
      return toRoom(viewer, room);
    },

    async getRooms(
      viewer: UserRow,
      p: { categoryName?: string; locale?: string; sort?: string; page?: number; limit?: number },
    ): Promise<ChatRoom[]> {
      await prune();
      let rooms = await toRooms(viewer, await store.listed({ category: p.categoryName, locale: p.locale }));
      if (p.sort === 'nearMe') rooms = rooms.filter((r) => r.isNearMe);
      if (p.sort === 'popularity')
        rooms.sort((a, b) => (b.usersCount ?? 0) - (a.usersCount ?? 0) || a.id - b.id);
      const { offset: from, size } = offset(p, 50);
      return rooms.slice(from, from + size);
    },

    async getRoom(viewer: UserRow, p: { roomId?: number; userId?: number }): Promise<ChatRoom> {
      if (p.userId && !p.roomId)
        return toRoom(viewer, await profileRoom(await people.visible(viewer, p.userId)));
      if (!p.roomId) throw invalid('roomId', 'validation.required');
      const room = await roomOr404(p.roomId);
      if (room.room_type === 3) await checkAccess(viewer, room);
      await prune([room.id]);
      return toRoom(viewer, room);
    },

    async enterRoom(viewer: UserRow, roomId: number): Promise<ChatRoom> {
      const room = await roomOr404(roomId);
      const s = await checkAccess(viewer, room);
      const already = await store.isMember(room.id, viewer.id);
      if (!already) {
        await prune([room.id]);
        const count = (await store.counts([room.id])).get(room.id) ?? 0;
        if (count >= room.max_users && !s.owner && !viewer.is_admin) throw forbidden('chat.full');
      }
      await store.enter(room.id, viewer.id, Date.now());
      if (!already) {
        await publish(await memberIds(room.id), {
          type: 'chatRoomUser',
          roomId: room.id,
          user: ref(viewer),
          action: 'entered',
        });
      }
      return toRoom(viewer, room);
    },

    async leaveRoom(viewer: UserRow, roomId?: number): Promise<boolean> {
      const left = await store.leave(viewer.id, roomId);
      for (const id of left) {
        await publish([viewer.id, ...(await memberIds(id))], {
          type: 'chatRoomUser',
          roomId: id,
          user: ref(viewer),
          action: 'left',
        });
      }
      return left.length > 0;
    },

    async usersInRoom(
      viewer: UserRow,
      p: { roomId: number; sortByEntryTime?: boolean; page?: number; limit?: number },
      name?: string,
    ) {
      const room = await roomOr404(p.roomId);
      await checkAccess(viewer, room);
      await prune([room.id]);
      const members = await store.members(room.id);
      const entered = new Map(members.map((m) => [m.user_id, m.entered_at]));
      let rows = (await peopleRows.byIds([...entered.keys()])).filter((r) => r.banned_at === 0);
      if (name) rows = rows.filter((r) => r.name_lower.startsWith(name.trim().toLowerCase()));
      rows.sort((a, b) =>
        p.sortByEntryTime
          ? entered.get(b.id)! - entered.get(a.id)! || a.id - b.id
          : a.name_lower.localeCompare(b.name_lower),
      );
      const { offset: from, size } = offset(p, name ? 20 : 100);
      return people.present(viewer, rows.slice(from, from + size));
    },

    async usersCount(roomId: number): Promise<number> {
      await roomOr404(roomId);
      await prune([roomId]);
      return (await store.counts([roomId])).get(roomId) ?? 0;
    },

    async recentRooms(viewer: UserRow, p: { page?: number; limit?: number }) {
      const { offset: from, size } = offset(p, 10);
      return toRooms(viewer, await store.recent(viewer.id, from, size));
    },

    // ---------- messages ----------
    async sendMessage(
      viewer: UserRow,
      p: { message: string; roomId: number; minTimestamp?: number },
    ): Promise<ChatEntry[]> {
      const message = p.message.trim();
      if (!message) throw invalid('message', 'validation.required');
      const room = await roomOr404(p.roomId);
      await inRoomOrForbidden(room.id, viewer.id);
      checkNotGagged(viewer);
      await limit(`chat:send:${viewer.id}`, SEND_LIMIT.max, SEND_LIMIT.windowMs);
      const settings = await settingsOf(viewer.id);
      const row = await store.insertEntry({
        room_id: room.id,
        sender_id: viewer.id,
        dest_id: 0,
        message,
        message_type: MESSAGE_TYPE.public,
        color: settings.color,
        emoticon_path: settings.emoticon_path,
        created_at: Date.now(),
      });
      const members = await memberIds(room.id);
      const ignorers = await store.ignorersOf(viewer.id, members);
      await publish(
        members.filter((id) => !ignorers.has(id)),
        { type: 'chatEntry', roomId: room.id, entry: entryOf(row, light(viewer)) },
      );
      if (p.minTimestamp === undefined) return toEntries(viewer, [row]);
      return toEntries(
        viewer,
        await store.entries(room.id, p.minTimestamp, 200, await store.ignoredBy(viewer.id)),
      );
    },

    async getMessages(
      viewer: UserRow,
      p: { roomId: number; minTimestamp?: number; maxNumberMessages?: number },
    ) {
      const room = await roomOr404(p.roomId);
      await checkAccess(viewer, room);
      const rows = await store.entries(
        room.id,
        p.minTimestamp ?? 0,
        p.maxNumberMessages ?? 50,
        await store.ignoredBy(viewer.id),
      );
      return toEntries(viewer, rows);
    },

    async sendPrivateMessage(
      viewer: UserRow,
      p: { roomId: number; userId: number; message: string },
    ): Promise<ChatEntry> {
      const message = p.message.trim();
      if (!message) throw invalid('message', 'validation.required');
      if (p.userId === viewer.id) throw invalid('userId', 'chat.self');
      const room = await roomOr404(p.roomId);
      await inRoomOrForbidden(room.id, viewer.id);
      checkNotGagged(viewer);
      const to = await people.visible(viewer, p.userId);
      if (!(await store.isMember(room.id, to.id))) throw forbidden('chat.targetNotInRoom');
      const friends = await store.areFriends(viewer.id, to.id);
      if (!permits(to.pm_permission, friends) || (await store.isIgnored(to.id, viewer.id))) {
        throw new ApiError('ApiForbiddenException', 'chat.pmRefused', { name: to.name });
      }
      await limit(`chat:send:${viewer.id}`, SEND_LIMIT.max, SEND_LIMIT.windowMs);
      const settings = await settingsOf(viewer.id);
      const row = await store.insertEntry({
        room_id: room.id,
        sender_id: viewer.id,
        dest_id: to.id,
        message,
        message_type: MESSAGE_TYPE.private,
        color: settings.color,
        emoticon_path: settings.emoticon_path,
        created_at: Date.now(),
      });
      await publish([to.id], { type: 'chatPrivateMessage', roomId: room.id, sender: ref(viewer), message });
      return (await toEntries(viewer, [row]))[0];
    },

    async getPrivateMessages(
      viewer: UserRow,
      p: { roomId: number; minTimestamp?: number; maxNumberMessages?: number; markAsRead?: boolean },
    ) {
      const rows = await store.privateEntries(
        p.roomId,
        viewer.id,
        p.minTimestamp ?? 0,
        p.maxNumberMessages ?? 50,
        await store.ignoredBy(viewer.id),
      );
      if (p.markAsRead && rows.length)
        await store.markRead(p.roomId, viewer.id, Math.max(...rows.map((r) => r.id)));
      return toEntries(viewer, rows);
    },

    async unreadPrivateCount(viewer: UserRow, roomId?: number): Promise<number> {
      return store.unreadCount(viewer.id, roomId, await store.ignoredBy(viewer.id));
    },

    // ---------- look ----------
    possibleColors: () => [...CHAT_COLORS],

    async setColor(viewer: UserRow, field: 'color' | 'bg_color', color: string): Promise<boolean> {
      if (!color.trim()) throw invalid('color', 'validation.required');
      if (!isChatColor(color)) throw invalid('color', 'chat.colorNotOffered');
      await store.saveSettings(viewer.id, { [field]: normalizeColor(color) });
      return true;
    },

    async possibleEmoticons(viewer: UserRow, path?: string) {
      return emoticons(path ?? (await settingsOf(viewer.id)).emoticon_path);
    },

    async setEmoticonPath(viewer: UserRow, path: string): Promise<boolean> {
      if (!isEmoticonTheme(path.trim())) throw invalid('path', 'chat.themeNotOffered');
      await store.saveSettings(viewer.id, { emoticon_path: path.trim() });
      return true;
    },

    async setLayoutStyle(viewer: UserRow, style: string): Promise<boolean> {
      await store.saveSettings(viewer.id, { layout_style: style });
      return true;
    },

    async setCollapseImages(viewer: UserRow, collapse: boolean): Promise<boolean> {
      await store.saveSettings(viewer.id, { collapse_images: collapse ? 1 : 0 });
      return true;
    },

    async configuration(viewer: UserRow): Promise<ChatConfiguration> {
      const s = await settingsOf(viewer.id);
      return {
        color: s.color ?? undefined,
        bgColor: s.bg_color ?? undefined,
        emoticonPath: s.emoticon_path,
        layoutStyle: s.layout_style,
        collapseImages: s.collapse_images === 1,
        chatGagExpiration: viewer.chat_gag_until > Date.now() ? viewer.chat_gag_until : 0,
      };
    },

    // ---------- moderation ----------
    async kickOrBlock(
      viewer: UserRow,
      action: 'kick' | 'block',
      userId: number,
      roomId: number,
    ): Promise<boolean> {
      const room = await roomOr404(roomId);
      const { asOwner } = await moderatorOf(viewer, room);
      const who = await target(viewer, userId, room);
      const roles = await store.roles(room.id, who.id, Date.now());
      if (roles.has('moderator') && !asOwner) throw forbidden('chat.moderatorProtected');
      const now = Date.now();
      const listeners = [who.id, ...(await memberIds(room.id))];
      await store.leave(who.id, room.id);
      if (action === 'kick') await store.setRole(room.id, who.id, 'kicked', now, now + KICK_MS);
      else {
        await store.setRole(room.id, who.id, 'blocked', now);
        await store.dropRole(room.id, who.id, 'invited');
        await store.dropRole(room.id, who.id, 'moderator');
      }
      await store.log(room.id, viewer.id, who.id, action, now);
      await publish([...new Set(listeners)], {
        type: 'chatRoomUser',
        roomId: room.id,
        user: ref(who),
        action: action === 'kick' ? 'kicked' : 'blocked',
      });
      return true;
    },

    async setModerator(viewer: UserRow, add: boolean, userId: number, roomId: number): Promise<boolean> {
      const room = await roomOr404(roomId);
      const { asOwner } = await moderatorOf(viewer, room);
      if (!asOwner) throw forbidden('chat.ownerOnly');
      const who = await target(viewer, userId, room);
      const now = Date.now();
      if (add) await store.setRole(room.id, who.id, 'moderator', now);
      else if (!(await store.dropRole(room.id, who.id, 'moderator'))) return false;
      await store.log(room.id, viewer.id, who.id, add ? 'addModerator' : 'removeModerator', now);
      return true;
    },

    async gag(viewer: UserRow, p: { userId: number; roomId?: number; minutes?: number }): Promise<boolean> {
      let room: RoomRow | undefined;
      if (p.roomId) room = await roomOr404(p.roomId);
      if (!viewer.is_admin) {
        if (!room) throw invalid('roomId', 'validation.required');
        const { asOwner } = await moderatorOf(viewer, room);
        const roles = await store.roles(room.id, p.userId, Date.now());
        if (roles.has('moderator') && !asOwner) throw forbidden('chat.moderatorProtected');
      }
      if (p.userId === viewer.id) throw invalid('userId', 'chat.self');
      const who = await people.visible(viewer, p.userId);
      if (room && room.owner_id === who.id && !viewer.is_admin) throw forbidden('chat.ownerProtected');
      const now = Date.now();
      const until = now + (p.minutes ?? 10) * MINUTE;
      await deps.db.updateTable('users').set({ chat_gag_until: until }).where('id', '=', who.id).execute();
      if (room) await store.log(room.id, viewer.id, who.id, 'gag', now);
      return true;
    },

    async isModerator(viewer: UserRow, roomId: number, userId?: number): Promise<boolean> {
      const room = await roomOr404(roomId);
      const id = userId ?? viewer.id;
      if (room.owner_id === id) return true;
      return (await store.roles(room.id, id, Date.now())).has('moderator');
    },

    async ownerAndModerators(viewer: UserRow, roomId: number): Promise<User[]> {
      const room = await roomOr404(roomId);
      const ids = [
        ...(room.owner_id ? [room.owner_id] : []),
        ...(await store.withRole(room.id, 'moderator')),
      ];
      const rows = new Map((await peopleRows.byIds(ids)).map((r) => [r.id, r]));
      return people.present(
        viewer,
        ids.flatMap((id) => (rows.has(id) ? [rows.get(id)!] : [])),
      );
    },

    async moderationLog(
      viewer: UserRow,
      p: { roomId: number; page?: number; limit?: number },
    ): Promise<ChatModerationEntry[]> {
      const room = await roomOr404(p.roomId);
      await moderatorOf(viewer, room);
      const { offset: from, size } = offset(p, 50);
      const rows = await store.moderationLog(room.id, from, size);
      const users = await people.present(
        viewer,
        await peopleRows.byIds([...new Set(rows.flatMap((r) => [r.actor_id, r.target_id]))]),
      );
      const byId = new Map(users.map((u) => [u.uid, u]));
      return rows.map((r) => ({
        id: r.id,
        roomId: r.room_id,
        action: r.action,
        actor: byId.get(r.actor_id),
        target: byId.get(r.target_id),
        timestamp: r.created_at,
      }));
    },

    async deleteRoom(viewer: UserRow, roomId: number): Promise<boolean> {
      const room = await roomOr404(roomId);
      if (room.owner_id !== viewer.id && !viewer.is_admin) throw forbidden('chat.ownerOnly');
      const listeners = await memberIds(room.id);
      await deps.db.transaction().execute(async (trx) => chatStore(trx).deleteRoom(room.id));
      await publish(listeners, { type: 'chatRoomDeleted', roomId: room.id });
      return true;
    },

    // ---------- members ----------
    async ignore(viewer: UserRow, userId: number, on: boolean): Promise<boolean> {
      if (userId === viewer.id) throw invalid('userId', 'chat.self');
      if (!on) {
        await store.unignore(viewer.id, userId);
        return true;
      }
      await people.visible(viewer, userId);
      await store.ignore(viewer.id, userId, Date.now());
      return true;
    },

    isIgnored: (viewer: UserRow, userId: number) => store.isIgnored(viewer.id, userId),

    async report(viewer: UserRow, userId: number, comment?: string): Promise<boolean> {
      if (userId === viewer.id) throw invalid('userId', 'people.selfReport');
      await people.visible(viewer, userId);
      await limit(`report:${viewer.id}`, 30, 60 * MINUTE);
      await peopleRows.insertReport({
        reporter: viewer.id,
        reported: userId,
        kind: 'chat',
        comment: comment?.trim() || undefined,
        now: Date.now(),
      });
      return true;
    },

    // ---------- invites ----------
    async invite(
      viewer: UserRow,
      p: {
        roomId?: number;
        destinationUserNames?: string[];
        message?: string;
        roomName?: string;
        acceptedRequest?: boolean;
      },
    ): Promise<number> {
      if (!p.roomId) throw invalid('roomId', 'validation.required');
      const names = (p.destinationUserNames ?? []).map((n) => n.trim()).filter(Boolean);
      if (!names.length) throw invalid('destinationUserNames', 'validation.required');
      const roomName = p.roomName?.trim();
      if (!roomName) throw invalid('roomName', 'validation.required');
      const message = p.message?.trim();
      if (!message && !p.acceptedRequest) throw invalid('message', 'validation.required');
      const room = await roomOr404(p.roomId);
      const s = await checkAccess(viewer, room);
      if ((room.room_type === 3 || room.room_type === 4) && !s.boss) throw forbidden('chat.inviteOwnersOnly');
      const found = await store.usersByNames(names);
      const blockers = await peopleRows.tiesAmong(
        viewer.id,
        found.map((f) => f.id),
      );
      const invitees = found.filter(
        (f) => f.banned_at === 0 && !blockers.blockedBy.has(f.id) && f.id !== viewer.id,
      );
      const known = new Set(found.map((f) => f.name_lower));
      const unknown = names.filter((n) => !known.has(n.toLowerCase()));
      if (unknown.length)
        throw invalid('destinationUserNames', 'chat.inviteUnknown', { names: unknown.join(', ') });
      await limit(`chat:invite:${viewer.id}`, 50, 60 * MINUTE);
      const now = Date.now();
      for (const who of invitees) await store.setRole(room.id, who.id, 'invited', now);
      await publish(
        invitees.map((i) => i.id),
        { type: 'chatInvite', roomId: room.id, roomName, sender: ref(viewer), message },
      );
      return invitees.length;
    },

    // ---------- leaderboards ----------
    async roomLeaders(
      viewer: UserRow,
      p: { roomId: number; minTimestamp?: number; page?: number; limit?: number },
    ) {
      const room = await roomOr404(p.roomId);
      await checkAccess(viewer, room);
      const { offset: from, size } = offset(p, 10);
      return leaderEntries(
        viewer,
        await store.leaders(p.minTimestamp ?? Date.now() - DAY, room.id, from, size),
      );
    },

    async leaderboard(
      viewer: UserRow,
      p: { roomId?: number; days?: number; page?: number; resultsPerPage?: number },
    ) {
      if (p.roomId) await checkAccess(viewer, await roomOr404(p.roomId));
      const size = p.resultsPerPage ?? 20;
      const since = Date.now() - (p.days ?? 7) * DAY;
      return leaderEntries(viewer, await store.leaders(since, p.roomId, ((p.page ?? 1) - 1) * size, size));
    },
  };
}

export type ChatService = ReturnType<typeof chatService>;
