import { type Kysely, sql } from 'kysely';
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
    const perDay = days.map(
      (day, i) =>
        sql`select * from (select day, user_id, score from gift_board_days
          where kind = ${kind} and room_id = ${roomId} and day = ${day}
          order by score desc limit ${n}) as ${sql.id(`d${i}`)}`,
    );
    const { rows } = await sql<{ day: number; user_id: number; score: unknown }>`${sql.join(
      perDay,
      sql` union all `,
    )}`.execute(db);
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
    const sums = await db
      .selectFrom('gift_board_days')
      .select(['user_id', sql<number>`sum(score)`.as('score')])
      .where('kind', '=', kind)
      .where('room_id', '=', roomId)
      .where('day', 'in', days)
      .where('user_id', 'in', candidates)
      .groupBy('user_id')
      .execute();
    const ranked = sums.map((r) => ({ userId: r.user_id, score: Number(r.score) })).sort(byRank);
    // Strictly above: an unseen member tied at the threshold with a lower id would rank first.
    if (complete || (ranked.length >= want && ranked[want - 1].score > threshold))
      return ranked.slice(0, want);
  }
  return undefined;
}
