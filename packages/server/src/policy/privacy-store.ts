import { PhotoPrivacy } from '@tertulia/contract';
import type { Expression, ExpressionBuilder, StringReference } from 'kysely';
import type { Database } from '../db/schema';
import { isFriendOf } from './graph-store';

/**
 * WHERE: policy/privacy.ts's `maySeeItem` for `viewer`, written as SQL so a page of items is one
 * query: the author always; nobody else when private; friends when not private; everyone when
 * public and the author's profile is not private. Blocks and bans are the caller's conditions.
 * Checked against `maySeeItem` case by case (policy/rules-sql.test.ts).
 */
export function itemVisibleTo<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  viewer: number | Expression<number>,
  item: { author: StringReference<DB, TB>; privacy: Expression<number>; authorPrivate: Expression<number> },
) {
  // The outer query's builder, seen as one that knows no table (as graph-store.ts does).
  const root = eb as unknown as ExpressionBuilder<Database, never>;
  const author = eb.ref(item.author) as Expression<unknown> as Expression<number>;
  return root.or([
    root(author, '=', viewer),
    root.and([
      root(item.privacy, '<>', PhotoPrivacy.PRIVATE),
      root.or([
        isFriendOf(eb, viewer, item.author),
        root.and([root(item.privacy, '=', PhotoPrivacy.PUBLIC), root(item.authorPrivate, '=', 0)]),
      ]),
    ]),
  ]);
}
