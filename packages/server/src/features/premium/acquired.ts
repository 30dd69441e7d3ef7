import { FeedEventType, PhotoPrivacy } from '@tertulia/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { FeedLog } from '../../deps';

/**
 * "Became VIP" (feed event 24, docs/feed-events.md), in the transaction that starts the VIP time.
 * Only a start is news: renewing a running VIP writes nothing. Keyed by what started it, so a
 * retried purchase or exchange writes one event.
 */
export function recordVipAcquired(
  feedLog: Pick<FeedLog, 'recordOnce'>,
  trx: Kysely<Database>,
  p: { uid: number; cause: string; now?: number },
) {
  return feedLog.recordOnce(trx, {
    type: FeedEventType.PREMIUM_ACQUIRED,
    userId: p.uid,
    key: `premium:${p.uid}:${p.cause}`,
    properties: { 'source.user': p.uid },
    privacy: PhotoPrivacy.FRIENDS,
    now: p.now,
  });
}
