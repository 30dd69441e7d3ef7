import type { Db } from '../../db/index';
import type { Presence } from '../../push/presence';
import { STALE_MS } from '../../push/presence';
import type { Announce } from './announce';
import { memberStore } from './member-store';
import { ref } from './rules';
import { userStore } from './user-store';

/**
 * Membership is live presence: a member is in a room from enterRoom until leaveRoom, a kick or
 * block, or until their sockets are all gone. The last one is checked lazily: whenever a room's
 * members are read, members who entered more than STALE_MS ago and have no live socket on any
 * instance (presence) are dropped and the room hears they left. The grace period lets a member
 * enter over HTTP a moment before their socket connects.
 */
export function roomPruner(db: Db, presence: Presence, announce: Announce) {
  const members = memberStore(db);
  const users = userStore(db);

  /** Drops members whose sockets are all gone (see above); all rooms when none are named. */
  return async function prune(roomIds?: number[]): Promise<void> {
    const candidates = await members.enteredBefore(Date.now() - STALE_MS, roomIds);
    if (!candidates.length) return;
    const online = await presence.sources([...new Set(candidates.map((c) => c.user_id))]);
    const gone = candidates.filter((c) => !online.has(c.user_id));
    const rows = new Map((await users.byIds([...new Set(gone.map((g) => g.user_id))])).map((r) => [r.id, r]));
    for (const g of gone) {
      await members.leave(g.user_id, g.room_id);
      const row = rows.get(g.user_id);
      if (row)
        await announce(row, await members.memberIds(g.room_id), {
          type: 'chatRoomUser',
          roomId: g.room_id,
          user: ref(row),
          action: 'left',
        });
    }
  };
}
export type Prune = ReturnType<typeof roomPruner>;
