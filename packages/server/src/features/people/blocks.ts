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
export function noBlockWith<TB extends keyof Database>(
  eb: ExpressionBuilder<Database, TB>,
  viewer: number,
  column: StringReference<Database, TB>,
) {
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
