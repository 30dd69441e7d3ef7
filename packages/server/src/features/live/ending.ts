import { LiveFeedEvent, PhotoPrivacy, type PushEvent } from '@tertulia/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Deps } from '../../deps';
import type { Bus } from '../../push/bus';
import { liveStore } from './store';
import { viewerStore } from './viewer-store';

export type EndReason = 'streamer' | 'admin' | 'dropped' | 'timeLimit';
export type LiveEnded = Extract<PushEvent, { type: 'liveEnded' }>;

/**
 * Ending a broadcast, whoever ends it (docs/live.md, "Ending"): one conditional write takes it off
 * air (of two concurrent ends, one ends it), feed event 302 commits with it, and after commit the
 * streamer and every viewer hear `liveEnded`, on whatever instance their sockets are. The stream
 * code (features/live/stream) hears it through onBroadcastEnded and stops its ffmpeg.
 */
export function broadcastEnding(deps: Pick<Deps, 'db' | 'unitOfWork' | 'feedLog'>) {
  const store = liveStore(deps.db);
  const viewers = viewerStore(deps.db);

  return {
    /**
     * Ends the broadcast (by row) if on air: true for the call that ended it. `alongside` runs in
     * the same transaction, only when this call ends it (an admin's end writes the audit log).
     */
    async endRow(
      row: { id: number; user_id: number; broadcast_id: string; started_at: number | string },
      reason: EndReason,
      now = Date.now(),
      alongside?: (trx: Kysely<Database>) => Promise<void>,
    ): Promise<boolean> {
      const ended = await deps.unitOfWork(async (trx, after) => {
        if (!(await store.endById(trx, row.id, now))) return false;
        await alongside?.(trx);
        await deps.feedLog.recordOnce(trx, {
          type: LiveFeedEvent.ENDED,
          userId: row.user_id,
          key: `live-end:${row.id}`,
          properties: {
            broadcast: row.broadcast_id,
            minutes: Math.round((now - Number(row.started_at)) / 60_000),
          },
          privacy: PhotoPrivacy.FRIENDS,
          now,
        });
        const event: LiveEnded = {
          type: 'liveEnded',
          broadcastId: row.broadcast_id,
          userId: row.user_id,
          reason,
        };
        after.publish(async () => [row.user_id, ...(await viewers.viewerIds(row.id))], event);
        return true;
      });
      // Nobody watches an ended broadcast: its viewer rows go once everyone was told.
      if (ended) await viewers.clear(row.id);
      return ended;
    },
  };
}
export type BroadcastEnding = ReturnType<typeof broadcastEnding>;

/**
 * The stream code's ear (docs/live.md, "Ports for the stream"): calls `listener` on every instance
 * when any broadcast ends, by whomever, so the instance holding the streamer's ingest socket stops
 * it. It rides the push bus (the `liveEnded` push always goes to the streamer at least).
 */
export function onBroadcastEnded(bus: Bus, listener: (ended: LiveEnded) => void): void {
  bus.subscribe((message) => {
    if (message.kind === 'push' && message.event.type === 'liveEnded') listener(message.event);
  });
}
