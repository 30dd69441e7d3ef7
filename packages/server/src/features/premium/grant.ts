import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { FeedLog } from '../../deps';
import { recordVipAcquired } from './acquired';
import { DAY } from './offers';
import { premiumStore } from './store';

/**
 * Adds days of VIP to a member inside the caller's transaction (another feature's ledger transfer:
 * gems exchanged for VIP days, features/rewards/gems.ts), after any VIP time they have left.
 * Answers the new end.
 */
export async function extendVipIn(
  trx: Kysely<Database>,
  uid: number,
  days: number,
  announce: { feedLog: Pick<FeedLog, 'recordOnce'>; wasVip: boolean; cause: string },
  now = Date.now(),
): Promise<number> {
  if (!announce.wasVip) await recordVipAcquired(announce.feedLog, trx, { uid, cause: announce.cause, now });
  return premiumStore(trx).extend(trx, uid, 'vip_until', days * DAY, now);
}
