import { type Conversation, ConversationType, type User } from '@tertulia/contract';
import type { Db } from '../../db/index';
import type { UserRow } from '../../http/context';
import { socialGraph } from '../../policy/graph';
import { isVip } from '../../policy/premium';
import type { PeopleUseCases } from '../people/use-cases';
import { entryStore } from './entry-store';
import { roomStore } from './room-store';
import { settingsStore } from './settings-store';
import { userStore } from './user-store';

/**
 * Private lines in rooms as conversations of type 3 (docs/member-fields.md): one per room and
 * other member, named by conversationId = the room and ownerId = the other member. Members the
 * viewer ignores or who are blocked either way are left out, as they are in the room.
 */
export function privateThreads(db: Db, people: Pick<PeopleUseCases, 'present'>) {
  const entries = entryStore(db);
  const rooms = roomStore(db);
  const settings = settingsStore(db);
  const graph = socialGraph(db);
  const members = userStore(db);

  return async function threads(
    viewer: UserRow,
    p: { page?: number; limit?: number; maxMessages?: number },
  ): Promise<Conversation[]> {
    const size = p.limit ?? 20;
    const hidden = [
      ...new Set([...(await settings.ignoredBy(viewer.id)), ...(await graph.blockPartners(viewer.id))]),
    ];
    const found = await entries.privateThreads(viewer.id, hidden, ((p.page ?? 1) - 1) * size, size);
    if (!found.length) return [];
    const [roomRows, lines, userRows] = await Promise.all([
      rooms.rooms([...new Set(found.map((t) => t.roomId))]),
      Promise.all(found.map((t) => entries.threadLines(t.roomId, viewer.id, t.otherId, p.maxMessages ?? 1))),
      members.byIds([viewer.id, ...new Set(found.map((t) => t.otherId))]),
    ]);
    const vips = new Set(userRows.filter((r) => isVip(r)).map((r) => r.id));
    const names = new Map(roomRows.map((r) => [r.id, r.display_name]));
    const users = new Map<number, User>((await people.present(viewer, userRows)).map((u) => [u.uid, u]));
    return found.map((t, i) => ({
      conversationId: t.roomId,
      ownerId: t.otherId,
      type: ConversationType.CHAT,
      name: names.get(t.roomId),
      image1: users.get(t.otherId)?.image1,
      users: [users.get(viewer.id), users.get(t.otherId)].filter((u): u is User => u !== undefined),
      userCount: 2,
      messages: lines[i].map((l) => ({
        id: l.id,
        content: l.message,
        conversationId: t.roomId,
        sender: users.get(l.sender_id),
        sentTime: Number(l.created_at),
      })),
      messageCount: t.count,
      unreadMessageCount: t.unread,
      lastActivity: t.lastAt,
      creationTime: t.firstAt,
      // Either of the two is VIP now (docs/member-fields.md, "Conversations").
      isVIP: vips.has(viewer.id) || vips.has(t.otherId),
      isReadOnly: false,
      allowInvite: false,
      areFriends: users.get(t.otherId)?.isFriend === true,
    }));
  };
}
export type PrivateThreads = ReturnType<typeof privateThreads>;
