import { type Kysely, sql } from 'kysely';
import { idInParameter, idsParameter } from '../../db/id-list';
import { prepared, preparedShapes } from '../../db/prepared';
import type { Database } from '../../db/schema';

/** A member's score on a board. */
export interface Scored {
  userId: number;
  score: number;
}

/** Windows longer than this are summed the plain way (a month is 30 days). */
const MAX_DAYS = 31;
/** Pages deeper than this too: the cut below pays off only near the top. */
const MAX_WANT = 500;

const byRank = (a: Scored, b: Scored) => b.score - a.score || a.userId - b.userId;

type Q = Kysely<Database>;

/**
 * Each day's best `n` rows, one statement per count of days (the shape), compiled once
 * (db/prepared.ts), as the fallback sum and the candidates' sums: built by Kysely per call they
 * put the week page at 1.59-1.87x its bare sum at 100,000 events, compiled once 1.24-1.44x
 * (tools/bench/leaderboards.ts; tools/bench/README.md, "Session 14, perf-games"). Arguments:
 * kind, room, n, then the days.
 */
const dayTops = preparedShapes((q: Q, shape: string, kind: unknown, roomId: unknown, n: unknown, ...days) =>
  days
    .slice(0, Number(shape))
    .map((day, i) =>
      q
        .selectFrom(
          q
            .selectFrom('gift_board_days')
            .select(['day', 'user_id', 'score'])
            .where('kind', '=', kind as string)
            .where('room_id', '=', roomId as number)
            .where('day', '=', day as number)
            .orderBy('score', 'desc')
            .limit(n as number)
            .as(`d${i}`),
        )
        .selectAll(),
    )
    .reduce((all, one) => all.unionAll(one)),
);

/** The candidates' sums over the window's days, both lists as one parameter each (db/id-list.ts). */
const candidateSums = prepared((q: Q, kind: string, roomId: number, days: unknown, userIds: unknown) =>
  q
    .selectFrom('gift_board_days')
    .select(['user_id', sql<number>`sum(score)`.as('score')])
    .where('kind', '=', kind)
    .where('room_id', '=', roomId)
    .where(idInParameter(q, 'day', days))
    .where(idInParameter(q, 'user_id', userIds))
    .groupBy('user_id'),
);

/**
 * The top `want` members of a window of days without summing every member's day rows: each day's
 * best `n` rows come straight off the ranked index `gift_board_days_rank` (migration 042), their
 * members' window sums are read by point lookups, and the answer is exact once the want-th sum
 * beats the threshold (the sum of each full day's n-th score: a member outside every day's top n
 * can score no more than that). Otherwise n grows; undefined asks the caller to sum everything.
 * Why: the plain sum grows with the active member-days in the window (x2.0 for 10x events in
 * tools/bench/leaderboards.ts); docs/rewards.md has the figures of this path.
 */
export async function windowTop(
  db: Kysely<Database>,
  kind: string,
  roomId: number,
  fromDay: number,
  lastDay: number,
  want: number,
): Promise<Scored[] | undefined> {
  const days: number[] = [];
  for (let d = fromDay; d <= lastDay; d++) days.push(d);
  if (days.length === 0 || days.length > MAX_DAYS || want > MAX_WANT) return undefined;
  {
    // One round: a second, deeper one cost more than summing everything (bench figures in docs).
    const n = Math.max(4 * want, 80);
    const rows = (await dayTops(db, String(days.length), kind, roomId, n, ...days)) as {
      day: number;
      user_id: number;
      score: unknown;
    }[];
    const count = new Map<number, number>();
    const lowest = new Map<number, number>();
    for (const r of rows) {
      const day = Number(r.day);
      count.set(day, (count.get(day) ?? 0) + 1);
      lowest.set(day, Math.min(lowest.get(day) ?? Number.POSITIVE_INFINITY, Number(r.score)));
    }
    // A day with fewer than n rows listed all its members: nobody unseen scored on it.
    let threshold = 0;
    for (const [day, c] of count) if (c === n) threshold += lowest.get(day)!;
    const candidates = [...new Set(rows.map((r) => r.user_id))];
    if (candidates.length === 0) return [];
    const complete = threshold === 0;
    // What the rows read already prove (each sum is at least its seen days): when even that
    // cannot beat the threshold, sum everything now rather than look the candidates up first.
    const seen = new Map<number, number>();
    for (const r of rows) seen.set(r.user_id, (seen.get(r.user_id) ?? 0) + Number(r.score));
    const floors = [...seen.values()].sort((a, b) => b - a);
    if (!complete && !(floors.length >= want && floors[want - 1] > threshold)) return undefined;
    const sums = await candidateSums(db, kind, roomId, idsParameter(db, days), idsParameter(db, candidates));
    const ranked = sums.map((r) => ({ userId: r.user_id, score: Number(r.score) })).sort(byRank);
    // Strictly above: an unseen member tied at the threshold with a lower id would rank first.
    if (complete || (ranked.length >= want && ranked[want - 1].score > threshold))
      return ranked.slice(0, want);
  }
  return undefined;
}
