import { type Kysely, sql } from 'kysely';
import type { Db } from '../../db/index';
import { prepared } from '../../db/prepared';
import type { Database } from '../../db/schema';
import type { UserRow } from '../../http/context';
import { type Scored, windowTop } from './board-window-store';
import { dayOf } from './days';

type Q = Kysely<Database>;

export type { Scored } from './board-window-store';

/** Which running totals a board reads: days back from a day, all time, or one event. */
export type Window = { fromDay: number } | { allTime: true } | { eventId: number };
/** One gift's share of a board: a member's score goes up by `score` on each row named. */
export interface BoardBump {
  kind: string;
  userId: number;
  score: number;
}

/**
 * The all-time page, compiled once and read straight off SQLite's connection (db/prepared.ts):
 * Kysely's build, compile and connection queue cost ~450 µs against the walk's 27 µs down
 * gift_board_totals_rank (all-time page 17.5x its bare SQL at 100,000 events, tools/bench/leaderboards.ts;
 * tools/bench/README.md has the figure after).
 */
const allTimePage = prepared((q: Q, kind: string, roomId: number, offset: number, limit: number) =>
  q
    .selectFrom('gift_board_totals')
    .select(['user_id', 'score'])
    .where('kind', '=', kind)
    .where('room_id', '=', roomId)
    .orderBy('score', 'desc')
    .orderBy('user_id')
    .limit(limit)
    .offset(offset),
);
/** An event's page, the same way (same shape of query down gift_board_events_rank). */
const eventPage = prepared((q: Q, eventId: number, kind: string, offset: number, limit: number) =>
  q
    .selectFrom('gift_board_events')
    .select(['user_id', 'score'])
    .where('event_id', '=', eventId)
    .where('kind', '=', kind)
    .orderBy('score', 'desc')
    .orderBy('user_id')
    .limit(limit)
    .offset(offset),
);

/**
 * A window of days summed whole, the same way: the week page falls back to it when the day tops
 * cannot prove the page (board-window-store.ts), at 100,000 events in tools/bench/leaderboards.ts.
 */
const windowPage = prepared(
  (q: Q, kind: string, roomId: number, fromDay: number, offset: number, limit: number) =>
    q
      .selectFrom(
        q
          .selectFrom('gift_board_days')
          .select(['user_id', sql<number>`sum(score)`.as('score')])
          .where('kind', '=', kind)
          .where('room_id', '=', roomId)
          .where('day', '>=', fromDay)
          .groupBy('user_id')
          .as('s'),
      )
      .select(['s.user_id', 's.score'])
      .orderBy('s.score', 'desc')
      .orderBy('s.user_id')
      .limit(limit)
      .offset(offset),
);

const num = (rows: { user_id: number; score: unknown }[]): Scored[] =>
  rows.map((r) => ({ userId: r.user_id, score: Number(r.score) }));

/** All SQL of the gift leaderboards (docs/rewards.md): running totals, read in rank order. */
export function boardStore(db: Db) {
  /** Members' scores in the window, grouped when the window spans several day rows. */
  function scores(q: Q, kind: string, roomId: number, w: Window) {
    if ('eventId' in w) {
      return q
        .selectFrom('gift_board_events')
        .select(['user_id', 'score'])
        .where('event_id', '=', w.eventId)
        .where('kind', '=', kind);
    }
    if ('allTime' in w) {
      return q
        .selectFrom('gift_board_totals')
        .select(['user_id', 'score'])
        .where('kind', '=', kind)
        .where('room_id', '=', roomId);
    }
    return q
      .selectFrom('gift_board_days')
      .select(['user_id', sql<number>`sum(score)`.as('score')])
      .where('kind', '=', kind)
      .where('room_id', '=', roomId)
      .where('day', '>=', w.fromDay)
      .groupBy('user_id');
  }

  return {
    /** Adds one gift to every board it counts on, in the gift's transaction. */
    async bump(trx: Q, rows: { days: (BoardBump & { roomId: number; day: number })[]; eventIds: number[] }) {
      const byKey = <T extends BoardBump>(list: T[], key: (r: T) => string) =>
        [...list].sort((a, b) => key(a).localeCompare(key(b)));
      // Rows go in a fixed order so concurrent gifts lock them alike (PostgreSQL).
      const days = byKey(rows.days, (r) => `${r.kind}:${r.roomId}:${r.userId}`);
      if (days.length === 0) return;
      await trx
        .insertInto('gift_board_days')
        .values(
          days.map((r) => ({
            kind: r.kind,
            room_id: r.roomId,
            day: r.day,
            user_id: r.userId,
            score: r.score,
            gifts: 1,
          })),
        )
        .onConflict((oc) =>
          oc.columns(['kind', 'room_id', 'day', 'user_id']).doUpdateSet((eb) => ({
            score: eb('gift_board_days.score', '+', eb.ref('excluded.score')),
            gifts: eb('gift_board_days.gifts', '+', 1),
          })),
        )
        .execute();
      await trx
        .insertInto('gift_board_totals')
        .values(
          days.map((r) => ({ kind: r.kind, room_id: r.roomId, user_id: r.userId, score: r.score, gifts: 1 })),
        )
        .onConflict((oc) =>
          oc.columns(['kind', 'room_id', 'user_id']).doUpdateSet((eb) => ({
            score: eb('gift_board_totals.score', '+', eb.ref('excluded.score')),
            gifts: eb('gift_board_totals.gifts', '+', 1),
          })),
        )
        .execute();
      const site = days.filter((r) => r.roomId === 0);
      for (const eventId of [...rows.eventIds].sort((a, b) => a - b)) {
        await trx
          .insertInto('gift_board_events')
          .values(
            site.map((r) => ({
              event_id: eventId,
              kind: r.kind,
              user_id: r.userId,
              score: r.score,
              gifts: 1,
            })),
          )
          .onConflict((oc) =>
            oc.columns(['event_id', 'kind', 'user_id']).doUpdateSet((eb) => ({
              score: eb('gift_board_events.score', '+', eb.ref('excluded.score')),
              gifts: eb('gift_board_events.gifts', '+', 1),
            })),
          )
          .execute();
      }
    },

    /** Events whose time box holds `at`. */
    async runningEventIds(q: Q, at: number): Promise<number[]> {
      const rows = await q
        .selectFrom('leaderboard_events')
        .select('id')
        .where('starts_at', '<=', at)
        .where('ends_at', '>', at)
        .execute();
      return rows.map((r) => r.id);
    },

    /** A page in rank order: score high to low, ties by member id. */
    async page(kind: string, roomId: number, w: Window, offset: number, limit: number): Promise<Scored[]> {
      // All time and events read one row per member straight down their rank index; a window of
      // days sums its day rows first.
      if ('allTime' in w) return num(await allTimePage(db, kind, roomId, offset, limit));
      if ('eventId' in w) return num(await eventPage(db, w.eventId, kind, offset, limit));
      // Near the top, each day's ranked rows bound the answer (board-window.ts); else sum it all.
      const top = await windowTop(db, kind, roomId, w.fromDay, dayOf(Date.now()) + 1, offset + limit);
      if (top) return top.slice(offset);
      return num(await windowPage(db, kind, roomId, w.fromDay, offset, limit));
    },

    async scoreOf(kind: string, roomId: number, w: Window, userId: number): Promise<number | undefined> {
      const row = await db
        .selectFrom(scores(db, kind, roomId, w).as('s'))
        .select('s.score')
        .where('s.user_id', '=', userId)
        .executeTakeFirst();
      return row ? Number(row.score) : undefined;
    },

    /** How many members rank above a score (higher, or equal with a lower id). */
    async countAhead(
      kind: string,
      roomId: number,
      w: Window,
      userId: number,
      score: number,
    ): Promise<number> {
      const row = await db
        .selectFrom(scores(db, kind, roomId, w).as('s'))
        .select(sql<number>`count(*)`.as('n'))
        .where((eb) =>
          eb.or([
            eb('s.score', '>', score),
            eb.and([eb('s.score', '=', score), eb('s.user_id', '<', userId)]),
          ]),
        )
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    eventByKey(key: string) {
      return db.selectFrom('leaderboard_events').selectAll().where('key', '=', key).executeTakeFirst();
    },

    /** Events ending after `since`, soonest end first. */
    eventsEndingAfter(since: number, offset: number, limit: number) {
      return db
        .selectFrom('leaderboard_events')
        .selectAll()
        .where('ends_at', '>', since)
        .orderBy('ends_at')
        .orderBy('id')
        .offset(offset)
        .limit(limit)
        .execute();
    },

    async insertEvent(e: { key: string; name: string; startsAt: number; endsAt: number; createdBy: number }) {
      return db
        .insertInto('leaderboard_events')
        .values({
          key: e.key,
          name: e.name,
          starts_at: e.startsAt,
          ends_at: e.endsAt,
          created_by: e.createdBy,
          created_at: Date.now(),
        })
        .onConflict((oc) => oc.column('key').doNothing())
        .returningAll()
        .executeTakeFirst();
    },

    usersByIds(ids: number[]): Promise<UserRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db.selectFrom('users').selectAll().where('id', 'in', ids).execute();
    },
  };
}
export type BoardStore = ReturnType<typeof boardStore>;
