import { CHAT_POINTS_PER_DAY, type ChatEntry, ChatMessageType } from '@tertulia/contract';
import type { Db } from '../../db/index';
import type { FeedLog } from '../../deps';
import type { UnitOfWork } from '../../effects/unit-of-work';
import type { UserRow } from '../../http/context';
import { ApiError, forbidden, invalid, notFound } from '../../http/errors';
import type { RateLimiter } from '../../limits/rate-limiter';
import { announcesPresence, messageRefusal, socialGraph } from '../../policy/graph';
import { isGagged } from '../../policy/standing';
import type { PeopleUseCases } from '../people/use-cases';
import type { RoomAccess } from './access';
import { entryStore } from './entry-store';
import { entryOf, type ToEntries } from './entry-view';
import { memberStore } from './member-store';
import { roleStore } from './role-store';
import { hitLimit, light, ref, SEND_LIMIT } from './rules';
import { lookOf } from './settings';
import { settingsStore } from './settings-store';

const DAY_MS = 86_400_000;

export interface MessageInputs {
  db: Db;
  limiter: RateLimiter;
  unitOfWork: UnitOfWork;
  people: PeopleUseCases;
  access: RoomAccess;
  toEntries: ToEntries;
  feedLog: Pick<FeedLog, 'chatting'>;
}

/** Lines in rooms: public ones to the room, private ones between two members inside it. */
export function messageUseCases({
  db,
  limiter,
  unitOfWork,
  people,
  access,
  toEntries,
  feedLog,
}: MessageInputs) {
  const entries = entryStore(db);
  const members = memberStore(db);
  const roles = roleStore(db);
  const settings = settingsStore(db);
  const graph = socialGraph(db);

  /** Senders whose lines the viewer does not see: those they ignore, and blocks either way. */
  const hiddenFrom = async (viewer: UserRow) => [
    ...new Set([...(await settings.ignoredBy(viewer.id)), ...(await graph.blockPartners(viewer.id))]),
  ];

  async function inRoomOrForbidden(roomId: number, userId: number) {
    if (!(await members.isMember(roomId, userId))) throw forbidden('chat.notInRoom');
  }

  /** Refuses a member gagged in every room (admins' gag) or in this room (its bosses' gag). */
  async function checkNotGagged(viewer: UserRow, roomId: number) {
    const now = Date.now();
    if (isGagged(viewer, 0, now)) {
      throw new ApiError(
        'ApiForbiddenException',
        'chat.gagged',
        {},
        { chatGagExpiration: viewer.chat_gag_until },
      );
    }
    const until = (await roles.gagsIn(roomId, [viewer.id], now)).get(viewer.id) ?? 0;
    if (isGagged({ chat_gag_until: 0 }, until, now))
      throw new ApiError('ApiForbiddenException', 'chat.roomGagged', {}, { roomId, gagExpiration: until });
  }

  /**
   * A line other features post for a member after their own write committed (a gift, a spin,
   * a contest): the tag the entry view turns into ChatEntry.gift / spin / contest. `entry`
   * fills what the sync view cannot (the spin or contest itself) for the push.
   */
  async function sendTaggedLine(
    viewer: UserRow,
    roomId: number,
    message: string,
    extra: Partial<ChatEntry> = {},
  ): Promise<ChatEntry> {
    const look = await lookOf(settings, viewer);
    return unitOfWork(async (trx, after) => {
      const row = await entryStore(trx).insertEntry({
        room_id: roomId,
        sender_id: viewer.id,
        dest_id: 0,
        message,
        message_type: ChatMessageType.PUBLIC,
        color: look.color,
        emoticon_path: look.emoticon_path,
        created_at: Date.now(),
      });
      const entry = { ...entryOf(row, light(viewer), undefined, look.bg_color), ...extra };
      after.publish(async () => [...(await members.listeners(roomId, viewer.id)), viewer.id], {
        type: 'chatEntry',
        roomId,
        entry,
      });
      return entry;
    });
  }

  return {
    sendTaggedLine,

    async sendMessage(
      viewer: UserRow,
      p: { message: string; roomId: number; minTimestamp?: number },
    ): Promise<ChatEntry[]> {
      const message = p.message.trim();
      if (!message) throw invalid('message', 'validation.required');
      const room = await access.roomOr404(p.roomId);
      await inRoomOrForbidden(room.id, viewer.id);
      await checkNotGagged(viewer, room.id);
      await hitLimit(limiter, `chat:send:${viewer.id}`, SEND_LIMIT.max, SEND_LIMIT.windowMs);
      const look = await lookOf(settings, viewer);
      const now = Date.now();
      // Through the group commit, as IMs are: a transaction of its own held SQLite's one
      // connection across the line's awaits, and 200 small rooms at 400 lines/s queued behind each
      // other (p99 1.4 s with the loop 22 % idle; 16-24 ms grouped, tools/bench/games-cuatro.ts's
      // chat relay, tools/bench/README.md "Session 13, lead").
      const row = await unitOfWork.grouped(async (trx, after) => {
        const row = await entryStore(trx).insertPublicLine(
          {
            room_id: room.id,
            sender_id: viewer.id,
            dest_id: 0,
            message,
            message_type: ChatMessageType.PUBLIC,
            color: look.color,
            emoticon_path: look.emoticon_path,
            created_at: now,
          },
          Math.floor(now / DAY_MS),
          CHAT_POINTS_PER_DAY,
        );
        // First after the commit: the room's latency ends at the publish, the answer can wait.
        after.publish(() => members.listeners(room.id, viewer.id), {
          type: 'chatEntry',
          roomId: room.id,
          entry: entryOf(row, light(viewer), undefined, look.bg_color),
        });
        // "Chatting now" for the sender's friends, unless they hide being online: skipped in
        // memory within the hour, written after the answer.
        if (announcesPresence(viewer))
          after.run(() =>
            feedLog.chatting(viewer.id, {
              id: room.id,
              name: room.display_name || room.name,
              type: room.room_type,
            }),
          );
        return row;
      });
      if (p.minTimestamp === undefined) return toEntries(viewer, [row]);
      return toEntries(viewer, await entries.entries(room.id, p.minTimestamp, 200, await hiddenFrom(viewer)));
    },

    /** Whether a gift line may go to a room (features/gifts asks before the gift is paid). */
    async checkGiftLine(viewer: UserRow, roomId: number, receiverId: number): Promise<void> {
      const room = await access.roomOr404(roomId);
      await inRoomOrForbidden(room.id, viewer.id);
      await checkNotGagged(viewer, room.id);
      if (!(await members.isMember(room.id, receiverId))) throw forbidden('chat.targetNotInRoom');
    },

    /** A paid gift's line ([gift]<id>[/gift]): shown to the whole room, the sender's tabs included. */
    sendGiftLine(viewer: UserRow, roomId: number, giftId: number): Promise<ChatEntry> {
      return sendTaggedLine(viewer, roomId, `[gift]${giftId}[/gift]`);
    },

    /** Whether a member is in a room now (features/rewards: a room contest's entrants, a spin's line). */
    async isInRoom(roomId: number, userId: number): Promise<boolean> {
      await access.roomOr404(roomId);
      return members.isMember(roomId, userId);
    },

    /** Refuses a member who may not write in a room now: not inside it, or gagged there. */
    async checkCanWrite(viewer: UserRow, roomId: number): Promise<void> {
      const room = await access.roomOr404(roomId);
      await inRoomOrForbidden(room.id, viewer.id);
      await checkNotGagged(viewer, room.id);
    },

    /** The room exists (404 otherwise). */
    async checkRoom(roomId: number): Promise<void> {
      await access.roomOr404(roomId);
    },

    async getMessages(
      viewer: UserRow,
      p: { roomId: number; minTimestamp?: number; maxNumberMessages?: number },
    ) {
      const room = await access.roomOr404(p.roomId);
      await access.checkInside(viewer, room);
      const rows = await entries.entries(
        room.id,
        p.minTimestamp ?? 0,
        p.maxNumberMessages ?? 50,
        await hiddenFrom(viewer),
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
      const room = await access.roomOr404(p.roomId);
      await inRoomOrForbidden(room.id, viewer.id);
      await checkNotGagged(viewer, room.id);
      const to = await people.visible(viewer, p.userId);
      const refusal = messageRefusal(
        viewer.id,
        to.id,
        to.pm_permission,
        await graph.tiesWith(viewer.id, to.id),
      );
      // A member blocked either way is not shown to the sender in the room: no private line either.
      if (refusal === 'blocked' || refusal === 'youBlocked') throw notFound('people.notFound');
      if (!(await members.isMember(room.id, to.id))) throw forbidden('chat.targetNotInRoom');
      if (refusal === 'permission' || (await settings.isIgnored(to.id, viewer.id))) {
        throw new ApiError('ApiForbiddenException', 'chat.pmRefused', { name: to.name });
      }
      await hitLimit(limiter, `chat:send:${viewer.id}`, SEND_LIMIT.max, SEND_LIMIT.windowMs);
      const look = await lookOf(settings, viewer);
      const row = await unitOfWork(async (trx, after) => {
        after.publish([to.id], { type: 'chatPrivateMessage', roomId: room.id, sender: ref(viewer), message });
        return entryStore(trx).insertEntry({
          room_id: room.id,
          sender_id: viewer.id,
          dest_id: to.id,
          message,
          message_type: ChatMessageType.PRIVATE,
          color: look.color,
          emoticon_path: look.emoticon_path,
          created_at: Date.now(),
        });
      });
      return (await toEntries(viewer, [row]))[0];
    },

    async getPrivateMessages(
      viewer: UserRow,
      p: { roomId: number; minTimestamp?: number; maxNumberMessages?: number; markAsRead?: boolean },
    ) {
      const rows = await entries.privateEntries(
        p.roomId,
        viewer.id,
        p.minTimestamp ?? 0,
        p.maxNumberMessages ?? 50,
        await hiddenFrom(viewer),
      );
      if (p.markAsRead && rows.length)
        await entries.markRead(p.roomId, viewer.id, Math.max(...rows.map((r) => r.id)));
      return toEntries(viewer, rows);
    },

    async unreadPrivateCount(viewer: UserRow, roomId?: number): Promise<number> {
      return entries.unreadCount(viewer.id, roomId, await hiddenFrom(viewer));
    },
  };
}
