import type { ChatConfiguration, ChatEntry } from '@tertulia/contract';
import type { UserRow } from '../../http/context';
import { ApiError, forbidden, invalid, notFound } from '../../http/errors';
import { blockPartners } from '../people/blocks';
import { permits } from '../people/user-view';
import { type ChatContext, light, MESSAGE_TYPE, ref, SEND_LIMIT } from './context';
import { CHAT_COLORS, emoticons, isChatColor, isEmoticonTheme, normalizeColor } from './look';

/** Room entries, private messages inside rooms, and the look settings. */
export function messageCalls(x: ChatContext) {
  const {
    deps,
    people,
    peopleRows,
    store,
    limit,
    roomOr404,
    publish,
    checkInside,
    toEntries,
    checkNotGagged,
    inRoomOrForbidden,
    settingsOf,
    entryOf,
  } = x;
  /** Senders whose lines the viewer does not see: those they ignore, and blocks either way. */
  const hiddenFrom = async (viewer: UserRow) => [
    ...new Set([...(await store.ignoredBy(viewer.id)), ...(await blockPartners(deps.db, viewer.id))]),
  ];

  return {
    async sendMessage(
      viewer: UserRow,
      p: { message: string; roomId: number; minTimestamp?: number },
    ): Promise<ChatEntry[]> {
      const message = p.message.trim();
      if (!message) throw invalid('message', 'validation.required');
      const room = await roomOr404(p.roomId);
      await inRoomOrForbidden(room.id, viewer.id);
      await checkNotGagged(viewer, room.id);
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
      // Straight after the insert: the room's latency ends at the publish, the answer can wait.
      await publish(await store.listeners(room.id, viewer.id), {
        type: 'chatEntry',
        roomId: room.id,
        entry: entryOf(row, light(viewer), undefined, settings.bg_color),
      });
      if (p.minTimestamp === undefined) return toEntries(viewer, [row]);
      return toEntries(viewer, await store.entries(room.id, p.minTimestamp, 200, await hiddenFrom(viewer)));
    },

    async getMessages(
      viewer: UserRow,
      p: { roomId: number; minTimestamp?: number; maxNumberMessages?: number },
    ) {
      const room = await roomOr404(p.roomId);
      await checkInside(viewer, room);
      const rows = await store.entries(
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
      const room = await roomOr404(p.roomId);
      await inRoomOrForbidden(room.id, viewer.id);
      await checkNotGagged(viewer, room.id);
      const to = await people.visible(viewer, p.userId);
      // A member the sender blocked is not shown to them in the room: no private line either.
      if (await peopleRows.blockedEitherWay(viewer.id, to.id)) throw notFound('people.notFound');
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
        await hiddenFrom(viewer),
      );
      if (p.markAsRead && rows.length)
        await store.markRead(p.roomId, viewer.id, Math.max(...rows.map((r) => r.id)));
      return toEntries(viewer, rows);
    },

    async unreadPrivateCount(viewer: UserRow, roomId?: number): Promise<number> {
      return store.unreadCount(viewer.id, roomId, await hiddenFrom(viewer));
    },

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
  };
}
