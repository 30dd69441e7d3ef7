import { OnlineStatusCode, Star } from '@tertulia/contract';
import { type ExpressionBuilder, sql } from 'kysely';

/**
 * The premium rules of policy/premium.ts as SQL conditions, for stores that filter member rows
 * (online lists, search). They compare with the database's clock, now_ms() (migration 031 on
 * PostgreSQL, db/index.ts on SQLite), so a statement prepared once still sees time pass.
 */

const nowMs = sql<number>`now_ms()`;

/** WHERE: the member row (`users` or its alias) has IM_STATUS now (VIP, or bought apart). */
export function hasImStatusNow<DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>, users = 'users') {
  const col = (name: string) => sql.ref<number>(`${users}.${name}`);
  const e = eb as unknown as ExpressionBuilder<any, any>;
  return e.or([
    e(col('star'), 'in', [Star.VIP, Star.BOTH]),
    e(col('vip_until'), '>', nowMs),
    e(col('im_status_until'), '>', nowMs),
  ]);
}

/** WHERE: the member row is invisible now: set invisible, and still entitled to it. */
export function invisibleNow<DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>, users = 'users') {
  const e = eb as unknown as ExpressionBuilder<any, any>;
  return e.and([
    e(sql.ref(`${users}.online_status`), '=', OnlineStatusCode.INVISIBLE),
    hasImStatusNow(eb, users),
  ]);
}

/** WHERE: the member row is not invisible now (invisibility lapsed with IM_STATUS shows online). */
export function notInvisibleNow<DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>, users = 'users') {
  const e = eb as unknown as ExpressionBuilder<any, any>;
  return e.not(invisibleNow(eb, users));
}
