import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { DAY } from './offers';
import { premiumStore } from './store';

/**
 * Adds days of VIP to a member inside the caller's transaction (another feature's ledger transfer:
 * gems exchanged for VIP days, features/rewards/gems.ts), after any VIP time they have left.
 * Answers the new end.
 */
export function extendVipIn(
  trx: Kysely<Database>,
  uid: number,
  days: number,
  now = Date.now(),
): Promise<number> {
  return premiumStore(trx).extend(trx, uid, 'vip_until', days * DAY, now);
}
