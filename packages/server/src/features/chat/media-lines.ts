import { ChatMessageType } from '@tertulia/contract';
import type { Db } from '../../db/index';
import type { UserRow } from '../../http/context';
import { forbidden } from '../../http/errors';
import type { Effects } from '../../push/effects';
import type { RoomAccess } from './access';
import { entryStore } from './entry-store';
import { entryOf } from './entry-view';
import { memberStore } from './member-store';
import { roleStore } from './role-store';
import { light } from './rules';
import { lookOf } from './settings';
import { settingsStore } from './settings-store';

/**
 * Lines other features put in a room (view-once media, features/ephemeral): the room and the
 * sender's standing are checked here; what may be sent is the caller's rule (policy/).
 */
export function mediaLineCalls({ db, effects, access }: { db: Db; effects: Effects; access: RoomAccess }) {
  const entries = entryStore(db);
  const members = memberStore(db);
  const roles = roleStore(db);
  const settings = settingsStore(db);
  return {
    /** The room exists and the sender is in it; answers until when they are gagged there (0: not). */
    async mediaLineGate(viewer: UserRow, roomId: number): Promise<{ gaggedUntil: number }> {
      const room = await access.roomOr404(roomId);
      if (!(await members.isMember(room.id, viewer.id))) throw forbidden('chat.notInRoom');
      const now = Date.now();
      const inRoom = (await roles.gagsIn(room.id, [viewer.id], now)).get(viewer.id) ?? 0;
      return {
        gaggedUntil: Math.max(
          Number(viewer.chat_gag_until) > now ? Number(viewer.chat_gag_until) : 0,
          inRoom,
        ),
      };
    },

    /** A public line with prepared content, shown to the whole room, the sender's tabs included. */
    async sendMediaLine(viewer: UserRow, roomId: number, message: string) {
      const look = await lookOf(settings, viewer);
      const row = await entries.insertEntry({
        room_id: roomId,
        sender_id: viewer.id,
        dest_id: 0,
        message,
        message_type: ChatMessageType.PUBLIC,
        color: look.color,
        emoticon_path: look.emoticon_path,
        created_at: Date.now(),
      });
      const entry = entryOf(row, light(viewer), undefined, look.bg_color);
      effects.publish([...(await members.listeners(roomId, viewer.id)), viewer.id], {
        type: 'chatEntry',
        roomId,
        entry,
      });
      return entry;
    },
  };
}
