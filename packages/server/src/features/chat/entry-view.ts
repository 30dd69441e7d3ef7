import { type ChatEntry, giftIdOf, giftImagePath, type User } from '@tertulia/contract';
import type { Db } from '../../db/index';
import type { UserRow } from '../../http/context';
import { isGagged } from '../../policy/standing';
import type { PeopleUseCases } from '../people/use-cases';
import { rewardTags } from '../rewards/shown';
import type { EntryRow } from './entry-store';
import { roleStore } from './role-store';
import { settingsStore } from './settings-store';
import { userStore } from './user-store';

/** A stored line as a ChatEntry, with its people already presented. */
export const entryOf = (
  r: EntryRow,
  user?: User,
  destinationUser?: User,
  bgColor?: string | null,
): ChatEntry => {
  // A gift line ([gift]<id>[/gift], features/gifts) carries the gift; the web draws it from its id.
  const giftId = giftIdOf(r.message);
  return {
    message: r.message,
    emoticonPath: r.emoticon_path ?? 'default',
    user,
    messageType: r.message_type,
    timestamp: r.created_at,
    color: r.color ?? undefined,
    bgColor: bgColor ?? undefined,
    destinationUser,
    gift: giftId
      ? { id: giftId, image: giftImagePath(giftId), preview: giftImagePath(giftId, 2) }
      : undefined,
    isGag: false,
  };
};

/** Lines as the viewer sees them: senders and recipients presented, and who is muted now. */
export function entryView(db: Db, people: PeopleUseCases) {
  const users = userStore(db);
  const roles = roleStore(db);
  const settings = settingsStore(db);
  const tags = rewardTags(db);

  return async function toEntries(viewer: UserRow, rows: EntryRow[]): Promise<ChatEntry[]> {
    const ids = [...new Set(rows.flatMap((r) => (r.dest_id ? [r.sender_id, r.dest_id] : [r.sender_id])))];
    const userRows = await users.byIds(ids);
    const [presented, bg, shown] = await Promise.all([
      people.present(viewer, userRows),
      settings.bgColors([...new Set(rows.map((r) => r.sender_id))]),
      // Spins and contests posted in the room ([spin]/[contest] tags, features/rewards).
      tags(rows.map((r) => ({ text: r.message, senderId: r.sender_id }))),
    ]);
    const byId = new Map(presented.map((u) => [u.uid, u]));
    // isGag: the sender is gagged now, in every room or in this line's room, so the room sees who is muted.
    const now = Date.now();
    const gagged = new Set(userRows.filter((u) => isGagged(u, 0, now)).map((u) => `*:${u.id}`));
    for (const roomId of new Set(rows.map((r) => r.room_id))) {
      const senders = [...new Set(rows.filter((r) => r.room_id === roomId).map((r) => r.sender_id))];
      for (const id of (await roles.gagsIn(roomId, senders, now)).keys()) gagged.add(`${roomId}:${id}`);
    }
    return rows.map((r, i) => ({
      ...entryOf(r, byId.get(r.sender_id), r.dest_id ? byId.get(r.dest_id) : undefined, bg.get(r.sender_id)),
      ...shown[i],
      isGag: gagged.has(`*:${r.sender_id}`) || gagged.has(`${r.room_id}:${r.sender_id}`),
    }));
  };
}
export type ToEntries = ReturnType<typeof entryView>;
