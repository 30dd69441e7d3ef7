import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Diamonds given in broadcasts (live_diamonds, migration 063): the rankings read them. */
export function diamondStore(db: Kysely<Database>) {
  return {
    /** One gift's diamonds, in the gift's own transaction. */
    record: (
      trx: Kysely<Database>,
      row: {
        streamer_id: number;
        broadcast_id: number;
        sender_id: number;
        diamonds: number;
        created_at: number;
      },
    ) => trx.insertInto('live_diamonds').values(row).execute(),

    /** Streamers by diamonds received since `since` (0: all time), most first, ties by id. */
    async top(since: number, offset: number, limit: number) {
      const rows = await db
        .selectFrom('live_diamonds')
        .select(['streamer_id', (eb) => eb.fn.sum<number>('diamonds').as('total')])
        .where('created_at', '>=', since)
        .groupBy('streamer_id')
        .orderBy('total', 'desc')
        .orderBy('streamer_id')
        .offset(offset)
        .limit(limit)
        .execute();
      return rows.map((r) => ({ streamerId: r.streamer_id, diamonds: Number(r.total) }));
    },
  };
}
