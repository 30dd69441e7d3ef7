import type { Expression, ExpressionBuilder, Kysely, StringReference } from 'kysely';
import type { Database } from '../../db/schema';

/** A condition on `blocks` rows: a block between `a` and `b`, whichever blocked the other. */
function eitherWay(
  w: ExpressionBuilder<Database, 'blocks'>,
  a: number | Expression<number>,
  b: number | Expression<number>,
) {
  return w.or([
    w.and([w('blocks.blocker_id', '=', a), w('blocks.blocked_id', '=', b)]),
    w.and([w('blocks.blocker_id', '=', b), w('blocks.blocked_id', '=', a)]),
  ]);
}

/** Whether either member blocked the other. */
export async function blockedEitherWay(db: Kysely<Database>, a: number, b: number): Promise<boolean> {
  const row = await db
    .selectFrom('blocks')
    .select('blocker_id')
    .where((w) => eitherWay(w, a, b))
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * A WHERE condition: no block, either way, between `viewer` and the member whose id is in
 * `column` of the row (a comment's author, a liker, a notice's actor).
 */
export function noBlockWith<DB extends Database, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  viewer: number,
  column: StringReference<DB, TB>,
) {
  // Any table or alias of the outer query (`m.user_id`, `c.owner_id`).
  const member = eb.ref(column) as Expression<unknown> as Expression<number>;
  // The subquery names only `blocks`: built from a builder that knows no outer table.
  const root = eb as unknown as ExpressionBuilder<Database, never>;
  return root.not(
    root.exists(
      root
        .selectFrom('blocks')
        .select('blocks.blocker_id')
        .where((w) => eitherWay(w, viewer, member)),
    ),
  );
}

/** Of `ids`, the members with a block either way with `me` (chat lists, typing events). */
export async function blockedWithAmong(
  db: Kysely<Database>,
  me: number,
  ids: number[],
): Promise<Set<number>> {
  const others = [...new Set(ids)].filter((id) => id !== me);
  if (!others.length) return new Set();
  const rows = await db
    .selectFrom('blocks')
    .select(['blocker_id', 'blocked_id'])
    .where((w) =>
      w.or([
        w.and([w('blocker_id', '=', me), w('blocked_id', 'in', others)]),
        w.and([w('blocked_id', '=', me), w('blocker_id', 'in', others)]),
      ]),
    )
    .execute();
  return new Set(rows.map((r) => (r.blocker_id === me ? r.blocked_id : r.blocker_id)));
}

/** Everyone `me` blocked or who blocked `me`: lines from them are left out of chat streams. */
export async function blockPartners(db: Kysely<Database>, me: number): Promise<number[]> {
  const rows = await db
    .selectFrom('blocks')
    .select(['blocker_id', 'blocked_id'])
    .where((w) => w.or([w('blocker_id', '=', me), w('blocked_id', '=', me)]))
    .execute();
  return [...new Set(rows.map((r) => (r.blocker_id === me ? r.blocked_id : r.blocker_id)))];
}
