import type { Db } from '../../db/index';
import type { UserRow } from '../../http/context';
import { forbidden } from '../../http/errors';
import { gaggedUntil } from '../../policy/standing';
import type { RoomAccess } from './access';
import { memberStore } from './member-store';
import { roleStore } from './role-store';

/**
 * The gate of lines other features put in a room (view-once media, features/ephemeral): the room
 * and the sender's standing are checked here; what may be sent is the caller's rule (policy/).
 * The line itself goes out through messages.ts's sendTaggedLine.
 */
export function mediaLineUseCases({ db, access }: { db: Db; access: RoomAccess }) {
  const members = memberStore(db);
  const roles = roleStore(db);
  return {
    /** The room exists and the sender is in it; answers until when they are gagged there (0: not). */
    async mediaLineGate(viewer: UserRow, roomId: number): Promise<{ gaggedUntil: number }> {
      const room = await access.roomOr404(roomId);
      if (!(await members.isMember(room.id, viewer.id))) throw forbidden('chat.notInRoom');
      const now = Date.now();
      const inRoom = (await roles.gagsIn(room.id, [viewer.id], now)).get(viewer.id) ?? 0;
      return { gaggedUntil: gaggedUntil(viewer, inRoom, now) };
    },
  };
}
