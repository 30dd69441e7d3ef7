import type { Kysely } from 'kysely';
import { idInParameter, idsParameter } from '../../db/id-list';
import { preparedShapes } from '../../db/prepared';
import type { Database } from '../../db/schema';
import { FEATURE_COLUMN, type PremiumFace } from '../../policy/premium';

/**
 * The kept page's stamp (page-cache.ts): four numbers in one query, the hot path of the friends
 * feed (~17 µs: tools/bench/README.md, "News feed"). One statement per shape (db/prepared.ts):
 * the shape names the item types on the page ("1,3"); their id lists follow as arguments, each
 * one parameter.
 */
const stampQuery = preparedShapes<Database, { gen: unknown; inbox: unknown; seen: unknown; revs: unknown }>(
  (db, shape, me, low, events, ...lists) => {
    const types = shape ? shape.split(',').map(Number) : [];
    return db.selectNoFrom((eb) => [
      eb.selectFrom('feed_generation').select('value').where('id', '=', 1).as('gen'),
      eb
        .selectFrom('feed_inbox')
        .select((e) => e.fn.countAll().as('n'))
        .where('user_id', '=', me as number)
        .where('event_id', '>=', low as number)
        .as('inbox'),
      eb
        .selectFrom('feed_seen')
        .select((e) => e.fn.countAll().as('n'))
        .where('user_id', '=', me as number)
        .where(idInParameter(db, 'event_id', events))
        .as('seen'),
      eb
        .selectFrom('item_stats')
        .select((e) => e.fn.sum('rev').as('r'))
        .where((w) =>
          w.or(types.map((t, i) => w.and([w('item_type', '=', t), idInParameter(db, 'item_id', lists[i])]))),
        )
        .as('revs'),
    ]);
  },
);

export function pageCacheStore(db: Kysely<Database>) {
  return {
    /** The stamp of a page: the generation, inbox rows from `low` up, seen marks, item revs. */
    async stamp(me: number, low: number, events: number[], items: Map<number, number[]>): Promise<string> {
      const types = [...items.keys()].filter((t) => items.get(t)?.length).sort((a, b) => a - b);
      const lists = types.map((t) => idsParameter(db, items.get(t)!));
      const [row] = await stampQuery(db, types.join(','), me, low, idsParameter(db, events), ...lists);
      return `${row.gen}|${row.inbox}|${row.seen}|${row.revs}`;
    },

    /** The premium columns of the members a page shows (read once per render, not per hit). */
    premiumFaces(ids: number[]): Promise<(PremiumFace & { id: number })[]> {
      if (!ids.length) return Promise.resolve([]);
      return db
        .selectFrom('users')
        .select(['id', 'star', 'vip_until', ...Object.values(FEATURE_COLUMN)])
        .where('id', 'in', ids)
        .execute();
    },
  };
}
