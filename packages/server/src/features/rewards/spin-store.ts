import { type Kysely, sql } from 'kysely';
import type { Db } from '../../db/index';
import type { Database } from '../../db/schema';
import type { UserRow } from '../../http/context';

type Q = Kysely<Database>;

export interface SpinRow {
  id: number;
  user_id: number;
  sender_id: number;
  day: number | null;
  theme: string;
  prize_slot: number | null;
  spun_at: number | null;
  created_at: number;
}

/** All SQL of the spins (docs/rewards.md). */
export function spinStore(db: Db) {
  return {
    /** Today's free spin, spun at once; the unique (member, day) index refuses a second. */
    async insertDaily(trx: Q, s: { userId: number; day: number; theme: string; slot: number; now: number }) {
      const row = await trx
        .insertInto('spins')
        .values({
          user_id: s.userId,
          sender_id: 0,
          day: s.day,
          theme: s.theme,
          prize_slot: s.slot,
          spun_at: s.now,
          created_at: s.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** A spin bought for someone else, waiting for them to spin it. */
    async insertGifted(trx: Q, s: { userId: number; senderId: number; theme: string; now: number }) {
      const row = await trx
        .insertInto('spins')
        .values({ user_id: s.userId, sender_id: s.senderId, theme: s.theme, created_at: s.now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Spins a waiting spin of the member's; false when it is not theirs or was spun already. */
    async claimGifted(
      trx: Q,
      s: { id: number; userId: number; slot: number; now: number },
    ): Promise<boolean> {
      const result = await trx
        .updateTable('spins')
        .set({ prize_slot: s.slot, spun_at: s.now })
        .where('id', '=', s.id)
        .where('user_id', '=', s.userId)
        .where('sender_id', '>', 0)
        .where('spun_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    byId(q: Q, id: number): Promise<SpinRow | undefined> {
      return q.selectFrom('spins').selectAll().where('id', '=', id).executeTakeFirst() as Promise<
        SpinRow | undefined
      >;
    },

    byIds(ids: number[]): Promise<SpinRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db.selectFrom('spins').selectAll().where('id', 'in', ids).execute() as Promise<SpinRow[]>;
    },

    daily(userId: number, day: number): Promise<SpinRow | undefined> {
      return db
        .selectFrom('spins')
        .selectAll()
        .where('user_id', '=', userId)
        .where('day', '=', day)
        .executeTakeFirst() as Promise<SpinRow | undefined>;
    },

    waiting(userId: number, limit: number): Promise<SpinRow[]> {
      return db
        .selectFrom('spins')
        .selectAll()
        .where('user_id', '=', userId)
        .where('spun_at', 'is', null)
        .orderBy('id')
        .limit(limit)
        .execute() as Promise<SpinRow[]>;
    },

    usersByIds(ids: number[]): Promise<UserRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db.selectFrom('users').selectAll().where('id', 'in', ids).execute();
    },

    /** How many spins were taken (demo and tests). */
    async countSpun(userId: number): Promise<number> {
      const row = await db
        .selectFrom('spins')
        .select(sql<number>`count(*)`.as('n'))
        .where('user_id', '=', userId)
        .where('spun_at', 'is not', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
export type SpinStore = ReturnType<typeof spinStore>;
