import type { Db } from '../../db/index';
import type { UnitOfWork } from '../../effects/unit-of-work';
import type { UserRow } from '../../http/context';
import { forbidden, invalid } from '../../http/errors';
import type { RateLimiter } from '../../limits/rate-limiter';
import { blockedEitherWay, isPrivateRoom, socialGraph } from '../../policy/graph';
import { wants } from '../../policy/preferences';
import { isHidden } from '../../policy/standing';
import type { RoomAccess } from './access';
import { roleStore } from './role-store';
import { hitLimit, MINUTE, ref } from './rules';
import { userStore } from './user-store';

export interface InviteInputs {
  db: Db;
  limiter: RateLimiter;
  unitOfWork: UnitOfWork;
  access: RoomAccess;
}

/** Invitations to a room: an `invited` role (the key of private rooms) and a push to whoever wants it. */
export function inviteUseCases({ db, limiter, unitOfWork, access }: InviteInputs) {
  const users = userStore(db);
  const graph = socialGraph(db);

  return {
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
      const room = await access.roomOr404(p.roomId);
      const s = await access.checkAccess(viewer, room);
      if (isPrivateRoom(room) && !s.boss) throw forbidden('chat.inviteOwnersOnly');
      const found = await users.byNames(names);
      const ties = await graph.tiesAmong(
        viewer.id,
        found.map((f) => f.id),
      );
      // A block either way: no invitation (and no hint which way).
      const invitees = found.filter(
        (f) => !isHidden(f) && !blockedEitherWay(ties, f.id) && f.id !== viewer.id,
      );
      const known = new Set(found.map((f) => f.name_lower));
      const unknown = names.filter((n) => !known.has(n.toLowerCase()));
      if (unknown.length)
        throw invalid('destinationUserNames', 'chat.inviteUnknown', { names: unknown.join(', ') });
      await hitLimit(limiter, `chat:invite:${viewer.id}`, 50, 60 * MINUTE);
      const now = Date.now();
      await unitOfWork(async (trx, after) => {
        for (const who of invitees) await roleStore(trx).setRole(room.id, who.id, 'invited', now);
        after.publish(
          invitees.filter((i) => wants(i, 'chatInvites')).map((i) => i.id),
          { type: 'chatInvite', roomId: room.id, roomName, sender: ref(viewer), message },
        );
      });
      return invitees.length;
    },
  };
}
