import type { Expression, ExpressionBuilder, Kysely, StringReference } from 'kysely';
import type { Database } from '../../db/schema';

/** Whether either member blocked the other. */
export async function blockedEitherWay(db: Kysely<Database>, a: number, b: number): Promise<boolean> {
  const row = await db
    .selectFrom('blocks')
    .select('blocker_id')
    .where((eb) =>
      eb.or([
        eb.and([eb('blocker_id', '=', a), eb('blocked_id', '=', b)]),
        eb.and([eb('blocker_id', '=', b), eb('blocked_id', '=', a)]),
      ]),
    )
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
        .where((w) =>
          w.or([
            w.and([w('blocks.blocker_id', '=', viewer), w('blocks.blocked_id', '=', member)]),
            w.and([w('blocks.blocker_id', '=', member), w('blocks.blocked_id', '=', viewer)]),
          ]),
        ),
    ),
  );
}
