import { type Contest, contestIdOfTag, type Spin, spinIdOfTag } from '@tertulia/contract';
import type { Db } from '../../db/index';
import { type ContestRow, contestStore } from './contest-store';
import { type SpinRow, spinStore } from './spin-store';
import { prizeOf, WHEEL } from './wheel';

/** A line of a room or conversation: its text and who wrote it. */
export interface TaggedLine {
  text: string | undefined;
  senderId: number;
}

/** A spin as a line shows it (ChatEntry.spin, Message.spin): the prize once spun. */
export const spinShown = (row: SpinRow): Spin => ({
  id: row.id,
  prize: row.prize_slot === null ? undefined : prizeOf(row.prize_slot),
  prizes: WHEEL,
  prizeSlot: row.prize_slot ?? undefined,
  theme: row.theme,
  spunTime: row.spun_at === null ? undefined : Number(row.spun_at),
});

/** A contest as a line shows it (ChatEntry.contest); its page has the rest. */
export const contestShown = (row: ContestRow): Contest => ({
  id: row.id,
  name: row.name,
  type: row.kind,
  expiration: row.expires_at,
  currency: row.currency,
  prizes: row.prizes.split(',').map(Number),
  roomId: row.room_id || undefined,
  settled: row.settled_at !== null,
  cancelled: row.cancelled_at !== null || undefined,
});

/**
 * The spins and contests that chat lines and messages carry as tags ([spin]id[/spin],
 * [contest]id[/contest]), read in two queries. A tag shows its object only when the line's sender
 * owns it (the spinner or the spin's sender; the contest's creator): a member who types a tag
 * gets plain text, never someone else's jackpot.
 */
export function rewardTags(db: Db) {
  const spins = spinStore(db);
  const contests = contestStore(db);
  return async function attach(lines: TaggedLine[]): Promise<{ spin?: Spin; contest?: Contest }[]> {
    const spinIds = lines.map((l) => spinIdOfTag(l.text));
    const contestIds = lines.map((l) => contestIdOfTag(l.text));
    const [spinRows, contestRows] = await Promise.all([
      spins.byIds([...new Set(spinIds.filter((id): id is number => id !== undefined))]),
      contests.byIds([...new Set(contestIds.filter((id): id is number => id !== undefined))]),
    ]);
    const spinById = new Map(spinRows.map((r) => [r.id, r]));
    const contestById = new Map(contestRows.map((r) => [r.id, r]));
    return lines.map((line, i) => {
      const spin = spinIds[i] === undefined ? undefined : spinById.get(spinIds[i]!);
      const contest = contestIds[i] === undefined ? undefined : contestById.get(contestIds[i]!);
      return {
        spin:
          spin && (spin.user_id === line.senderId || spin.sender_id === line.senderId)
            ? spinShown(spin)
            : undefined,
        contest: contest && contest.created_by === line.senderId ? contestShown(contest) : undefined,
      };
    });
  };
}
export type RewardTags = ReturnType<typeof rewardTags>;
