import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { type BoardBump, boardStore } from './board-store';
import { dayOf } from './days';

export interface GiftForBoards {
  senderId: number;
  receiverId: number;
  /** The gift's price in gold: what the sender's and the receiver's scores go up by. */
  score: number;
  /** The chat room it was given in, for the room's boards. */
  roomId?: number | null;
  /** When it was given (default now). */
  at?: number;
}

/**
 * Counts a gift on the leaderboards: call it in the transaction that records the gift, so a
 * board never shows a gift that was rolled back nor misses one that committed (docs/rewards.md).
 * Each board is a running total bumped atomically, so concurrent gifts never lose a point.
 */
export async function recordGiftForLeaderboards(trx: Kysely<Database>, gift: GiftForBoards): Promise<void> {
  if (!(gift.score > 0)) return;
  const store = boardStore(trx);
  const at = gift.at ?? Date.now();
  const day = dayOf(at);
  const sides: BoardBump[] = [
    { kind: 'gifters', userId: gift.senderId, score: gift.score },
    { kind: 'receivers', userId: gift.receiverId, score: gift.score },
  ];
  const rooms = gift.roomId ? [0, gift.roomId] : [0];
  await store.bump(trx, {
    days: rooms.flatMap((roomId) => sides.map((s) => ({ ...s, roomId, day }))),
    eventIds: await store.runningEventIds(trx, at),
  });
}
