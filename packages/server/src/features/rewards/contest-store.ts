import { type Kysely, sql } from 'kysely';
import type { Db } from '../../db/index';
import type { Database } from '../../db/schema';
import type { UserRow } from '../../http/context';

type Q = Kysely<Database>;

export interface ContestRow {
  id: number;
  name: string;
  kind: string;
  board: string;
  event_id: number;
  currency: string;
  prizes: string;
  room_id: number;
  starts_at: number;
  expires_at: number;
  created_by: number;
  created_at: number;
  settled_at: number | null;
  cancelled_at: number | null;
}
export interface WinnerRow {
  contest_id: number;
  place: number;
  user_id: number;
  amount: number;
  redeemed_at: number | null;
}

/** Bigint columns come back as strings from PostgreSQL: numbers here, once. */
const toRow = (r: Record<string, unknown>): ContestRow =>
  ({
    ...r,
    starts_at: Number(r.starts_at),
    expires_at: Number(r.expires_at),
    created_at: Number(r.created_at),
    settled_at: r.settled_at === null ? null : Number(r.settled_at),
    cancelled_at: r.cancelled_at == null ? null : Number(r.cancelled_at),
  }) as ContestRow;

/** All SQL of the contests (docs/rewards.md). */
export function contestStore(db: Db) {
  return {
    async insert(trx: Q, c: Omit<ContestRow, 'id' | 'settled_at' | 'cancelled_at'>): Promise<number> {
      const row = await trx.insertInto('contests').values(c).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    /** A top contest's own limited-time board (key contest-<id>), linked to it. */
    async attachBoard(
      trx: Q,
      contestId: number,
      b: { name: string; startsAt: number; endsAt: number; createdBy: number; now: number },
    ) {
      const event = await trx
        .insertInto('leaderboard_events')
        .values({
          key: `contest-${contestId}`,
          name: b.name,
          starts_at: b.startsAt,
          ends_at: b.endsAt,
          created_by: b.createdBy,
          created_at: b.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.updateTable('contests').set({ event_id: event.id }).where('id', '=', contestId).execute();
    },

    async byId(id: number, q: Q = db): Promise<ContestRow | undefined> {
      const row = await q.selectFrom('contests').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toRow(row) : undefined;
    },

    async byIds(ids: number[]): Promise<ContestRow[]> {
      if (ids.length === 0) return [];
      return (await db.selectFrom('contests').selectAll().where('id', 'in', ids).execute()).map(toRow);
    },

    /** Running contests first (soonest end first), then those ended since `endedSince` (latest first). */
    async listed(now: number, endedSince: number, offset: number, limit: number): Promise<ContestRow[]> {
      const rows = await db
        .selectFrom('contests')
        .selectAll()
        .where('expires_at', '>', endedSince)
        .where('starts_at', '<=', now)
        .orderBy(sql`CASE WHEN expires_at > ${now} THEN 0 ELSE 1 END`)
        .orderBy(sql`CASE WHEN expires_at > ${now} THEN expires_at ELSE -expires_at END`)
        .orderBy('id')
        .offset(offset)
        .limit(limit)
        .execute();
      return rows.map(toRow);
    },

    /** Expired contests whose winners are not drawn yet (the expiry job's batch). */
    async due(now: number, limit: number): Promise<number[]> {
      const rows = await db
        .selectFrom('contests')
        .select('id')
        .where('settled_at', 'is', null)
        .where('expires_at', '<=', now)
        .orderBy('expires_at')
        .limit(limit)
        .execute();
      return rows.map((r) => r.id);
    },

    /**
     * The claim: marks an expired contest settled unless someone did already. Only the
     * transaction whose update hit the row draws the winners; a second server's waits and misses.
     */
    async claim(trx: Q, id: number, now: number): Promise<boolean> {
      const result = await trx
        .updateTable('contests')
        .set({ settled_at: now })
        .where('id', '=', id)
        .where('settled_at', 'is', null)
        .where('expires_at', '<=', now)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * An admin's edit, applied only if the contest is still open and its prizes are still `was`
     * (a concurrent edit or cancel makes this miss instead of moving the pool twice).
     */
    async update(
      trx: Q,
      id: number,
      was: string,
      now: number,
      set: { name: string; expires_at: number; prizes: string },
    ): Promise<boolean> {
      const result = await trx
        .updateTable('contests')
        .set(set)
        .where('id', '=', id)
        .where('settled_at', 'is', null)
        .where('expires_at', '>', now)
        .where('prizes', '=', was)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** The cancel claim: like `claim`, only one of a cancel and the expiry can flip settled_at. */
    async cancel(trx: Q, id: number, was: string, now: number): Promise<boolean> {
      const result = await trx
        .updateTable('contests')
        .set({ settled_at: now, cancelled_at: now })
        .where('id', '=', id)
        .where('settled_at', 'is', null)
        .where('expires_at', '>', now)
        .where('prizes', '=', was)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** A top contest's board follows its contest's name and end. */
    async moveBoard(trx: Q, eventId: number, set: { name: string; ends_at: number }) {
      await trx.updateTable('leaderboard_events').set(set).where('id', '=', eventId).execute();
    },

    /** Everyone on a top contest's board side (those taking part in it). */
    async boardMembers(trx: Q, eventId: number, kind: string): Promise<number[]> {
      const rows = await trx
        .selectFrom('gift_board_events')
        .select('user_id')
        .where('event_id', '=', eventId)
        .where('kind', '=', kind)
        .execute();
      return rows.map((r) => r.user_id);
    },

    /** Adds an entry; false when the member had entered already. */
    async enter(contestId: number, userId: number, now: number): Promise<boolean> {
      const result = await db
        .insertInto('contest_entries')
        .values({ contest_id: contestId, user_id: userId, created_at: now })
        .onConflict((oc) => oc.columns(['contest_id', 'user_id']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    /** Entrants' count, the newest entry's id, and whether `userId` is among them, per contest. */
    async entryStats(ids: number[], userId: number) {
      const stats = new Map<number, { entrants: number; lastId: number; entered: boolean }>();
      if (ids.length === 0) return stats;
      const rows = await db
        .selectFrom('contest_entries')
        .select([
          'contest_id',
          sql<number>`count(*)`.as('n'),
          sql<number>`max(id)`.as('last_id'),
          sql<number>`sum(CASE WHEN user_id = ${userId} THEN 1 ELSE 0 END)`.as('mine'),
        ])
        .where('contest_id', 'in', ids)
        .groupBy('contest_id')
        .execute();
      for (const r of rows)
        stats.set(r.contest_id, {
          entrants: Number(r.n),
          lastId: Number(r.last_id),
          entered: Number(r.mine) > 0,
        });
      return stats;
    },

    async entrantIds(trx: Q, contestId: number): Promise<number[]> {
      const rows = await trx
        .selectFrom('contest_entries')
        .select('user_id')
        .where('contest_id', '=', contestId)
        .orderBy('id')
        .execute();
      return rows.map((r) => r.user_id);
    },

    /** The top of a limited-time board, in rank order (score high to low, ties by member id). */
    async boardTop(trx: Q, eventId: number, kind: string, limit: number): Promise<number[]> {
      const rows = await trx
        .selectFrom('gift_board_events')
        .select('user_id')
        .where('event_id', '=', eventId)
        .where('kind', '=', kind)
        .orderBy('score', 'desc')
        .orderBy('user_id')
        .limit(limit)
        .execute();
      return rows.map((r) => r.user_id);
    },

    async insertWinners(trx: Q, rows: WinnerRow[]) {
      if (rows.length) await trx.insertInto('contest_winners').values(rows).execute();
    },

    winners(ids: number[], q: Q = db): Promise<WinnerRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return q
        .selectFrom('contest_winners')
        .selectAll()
        .where('contest_id', 'in', ids)
        .orderBy('contest_id')
        .orderBy('place')
        .execute();
    },

    /** Marks a winner's prize redeemed; false when it was already. */
    async markRedeemed(trx: Q, contestId: number, userId: number, now: number): Promise<boolean> {
      const result = await trx
        .updateTable('contest_winners')
        .set({ redeemed_at: now })
        .where('contest_id', '=', contestId)
        .where('user_id', '=', userId)
        .where('redeemed_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    usersByIds(ids: number[]): Promise<UserRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db.selectFrom('users').selectAll().where('id', 'in', ids).execute();
    },
  };
}
export type ContestStore = ReturnType<typeof contestStore>;
