import { giftImagePath, LiveFeedEvent, type LiveGiftRef, PhotoPrivacy } from '@tertulia/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Deps } from '../../deps';
import type { AfterCommit } from '../../effects/unit-of-work';
import type { UserRow } from '../../http/context';
import { invalid } from '../../http/errors';
import type { WatchAccess } from './access';
import { diamondStore } from './diamond-store';
import { liveStore } from './store';
import { viewerStore } from './viewer-store';

export interface LiveGiftTarget {
  /** live_broadcasts.id */
  id: number;
  broadcastId: string;
  streamerId: number;
}

/**
 * Gifts sent in a broadcast (docs/live.md, "Gifts and diamonds"), the port gift/purchase.do calls
 * (features/gifts/purchase.ts): it checks the broadcast before any gold moves, then, inside the
 * gift's ledger transfer, records the diamonds for the rankings and the broadcast's total, and
 * feed event 303 once per broadcast; after commit everyone watching sees the gift over the video.
 */
export function liveGifts(deps: Pick<Deps, 'db' | 'feedLog'>, access: WatchAccess) {
  const store = liveStore(deps.db);
  const viewers = viewerStore(deps.db);
  const diamonds = diamondStore(deps.db);

  return {
    /** The broadcast on air the sender may watch (404 otherwise), whose streamer is the receiver (400). */
    async check(
      sender: UserRow,
      broadcastId: string | undefined,
      receiverId: number,
    ): Promise<LiveGiftTarget> {
      if (!broadcastId) throw invalid('broadcastId', 'live.broadcastRequired');
      const { row } = await access.watched(sender.id, broadcastId, true);
      if (row.user_id !== receiverId) throw invalid('receiverId', 'live.notStreamer');
      return { id: row.id, broadcastId: row.broadcast_id, streamerId: row.user_id };
    },

    /** In the gift's transaction: the diamonds, feed event 303, and the overlay push after commit. */
    async record(
      trx: Kysely<Database>,
      after: AfterCommit,
      g: { target: LiveGiftTarget; sender: UserRow; gift: LiveGiftRef; diamonds: number; now: number },
    ): Promise<void> {
      await diamonds.record(trx, {
        streamer_id: g.target.streamerId,
        broadcast_id: g.target.id,
        sender_id: g.sender.id,
        diamonds: g.diamonds,
        created_at: g.now,
      });
      const total = await store.addDiamonds(trx, g.target.id, g.diamonds);
      await deps.feedLog.recordOnce(trx, {
        type: LiveFeedEvent.GIFT_RECEIVED,
        userId: g.target.streamerId,
        key: `live-gift:${g.target.id}`,
        properties: { broadcast: g.target.broadcastId, 'source.user': g.sender.id, gift: g.gift.id },
        aboutId: g.sender.id,
        privacy: PhotoPrivacy.FRIENDS,
        now: g.now,
      });
      after.publish(async () => [g.target.streamerId, ...(await viewers.viewerIds(g.target.id))], {
        type: 'liveGift',
        broadcastId: g.target.broadcastId,
        sender: { uid: g.sender.id, name: g.sender.name, image1: g.sender.image1 ?? undefined },
        gift: g.gift,
        diamonds: total,
      });
    },

    /** The overlay's gift: its art path and animations. */
    giftRef: (gift: {
      id: number;
      name: string;
      entrance_animation?: string | null;
      exit_animation?: string | null;
    }): LiveGiftRef => ({
      id: gift.id,
      name: gift.name,
      image: giftImagePath(gift.id, 2),
      entrance_animation: gift.entrance_animation ?? undefined,
      exit_animation: gift.exit_animation ?? undefined,
    }),
  };
}
export type LiveGifts = ReturnType<typeof liveGifts>;
