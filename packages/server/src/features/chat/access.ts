import type { Db } from '../../db/index';
import type { UserRow } from '../../http/context';
import { forbidden, notFound } from '../../http/errors';
import type { MessageKey } from '../../i18n/messages';
import { maySeeInsideRoom, type RoomRefusal, roomRefusal, socialGraph } from '../../policy/graph';
import { memberStore } from './member-store';
import { type Role, roleStore } from './role-store';
import { type RoomRow, roomStore } from './room-store';

/** The viewer's standing in a room. */
export interface Standing {
  owner: boolean;
  moderator: boolean;
  /** Owner, moderator or admin: passes every door of the room. */
  boss: boolean;
  roles: Set<Role>;
}

/** The error key of each way policy/graph.ts's roomRefusal keeps a viewer out. */
const REFUSED: Record<NonNullable<RoomRefusal>, MessageKey> = {
  blocked: 'chat.blocked',
  kicked: 'chat.kicked',
  inviteOnly: 'chat.inviteOnly',
  private: 'chat.private',
};

/**
 * Who may come into a room and see inside it: the room's doors and "sees inside" rules are
 * policy/graph.ts's (roomRefusal, maySeeInsideRoom); this reads the viewer's standing for them.
 */
export function roomAccess(db: Db) {
  const rooms = roomStore(db);
  const roles = roleStore(db);
  const members = memberStore(db);
  const graph = socialGraph(db);

  async function roomOr404(roomId: number): Promise<RoomRow> {
    const room = await rooms.room(roomId);
    if (!room) throw notFound('chat.roomNotFound');
    return room;
  }

  async function standing(viewer: UserRow, room: RoomRow): Promise<Standing> {
    const held = await roles.roles(room.id, viewer.id, Date.now());
    const owner = room.owner_id === viewer.id;
    const moderator = held.has('moderator');
    return { owner, moderator, boss: owner || moderator || viewer.is_admin === 1, roles: held };
  }

  /** The doors of a room, except its capacity (membership.ts seats within it). */
  async function checkAccess(viewer: UserRow, room: RoomRow): Promise<Standing> {
    const s = await standing(viewer, room);
    // Friendship and blocks with the owner, in one read, only when they can matter.
    const ties =
      s.boss || room.owner_id === null ? undefined : await graph.tiesWith(viewer.id, room.owner_id);
    const refusal = roomRefusal(room, {
      boss: s.boss,
      blocked: s.roles.has('blocked'),
      kicked: s.roles.has('kicked'),
      invited: s.roles.has('invited'),
      ownerFriend: ties?.isFriend ?? false,
      ownerBlock: !!ties && (ties.blocked || ties.blockedBy),
    });
    if (refusal) throw forbidden(REFUSED[refusal]);
    return s;
  }

  /**
   * Whether the viewer sees inside the room (its members, count, bosses, lines); outsiders of a
   * private room see what an invitation shows (room-view.ts sealed). `known`: a standing already read.
   */
  async function seesInside(viewer: UserRow, room: RoomRow, known?: Standing): Promise<boolean> {
    const face = {
      isAdmin: viewer.is_admin === 1,
      isOwner: room.owner_id === viewer.id,
      isModerator: known?.moderator ?? false,
      isMember: false,
    };
    if (maySeeInsideRoom(room, face)) return true;
    face.isMember = await members.isMember(room.id, viewer.id);
    if (!face.isMember && !known)
      face.isModerator = (await roles.roles(room.id, viewer.id, Date.now())).has('moderator');
    return maySeeInsideRoom(room, face);
  }

  /** The room's doors, and for a private room, being inside it (seesInside). */
  async function checkInside(viewer: UserRow, room: RoomRow): Promise<Standing> {
    const s = await checkAccess(viewer, room);
    if (!(await seesInside(viewer, room, s))) throw forbidden('chat.membersOnly');
    return s;
  }

  /** Owner or admin acts as owner; moderators moderate; everyone else is refused. */
  async function moderatorOf(viewer: UserRow, room: RoomRow) {
    const s = await standing(viewer, room);
    const asOwner = s.owner || viewer.is_admin === 1;
    if (!asOwner && !s.moderator) throw forbidden('chat.moderatorsOnly');
    return { asOwner };
  }

  return { roomOr404, standing, checkAccess, seesInside, checkInside, moderatorOf };
}
export type RoomAccess = ReturnType<typeof roomAccess>;
