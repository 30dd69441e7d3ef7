import { LIVE_VIEWER_MILESTONES, LiveFeedEvent, PhotoPrivacy } from '@tertulia/contract';
import type { Deps } from '../../deps';
import type { UserRow } from '../../http/context';
import { forbidden } from '../../http/errors';
import { STALE_MS } from '../../push/presence';
import type { WatchAccess } from './access';
import { liveStore } from './store';
import { viewerStore } from './viewer-store';

type Row = { id: number; user_id: number; broadcast_id: string };

/**
 * Watching (docs/live.md, "Viewers"): a member is a viewer from joinBroadcast until
 * leaveBroadcast, the end of the broadcast, or their last push socket closing anywhere. Counts
 * are rows in the database, so every instance answers the same. A viewer whose instance died
 * (no close event) drops out when the broadcast's viewers are next counted: joined over STALE_MS
 * ago and no live socket in presence, as chat rooms prune their members.
 */
export function viewerUseCases(
  deps: Pick<Deps, 'db' | 'config' | 'effects' | 'presence' | 'unitOfWork' | 'feedLog'>,
  access: WatchAccess,
) {
  const store = liveStore(deps.db);
  const viewers = viewerStore(deps.db);

  /** Tells the streamer and every viewer the new count (not tied to a write: push/effects.ts). */
  async function announce(row: Row, count: number) {
    const ids = [row.user_id, ...(await viewers.viewerIds(row.id))];
    deps.effects.publish(ids, { type: 'liveViewers', broadcastId: row.broadcast_id, viewers: count });
  }

  /** Drops viewers with no socket anywhere (see above): the count after. */
  async function prunedCount(row: Row): Promise<number> {
    const candidates = await viewers.joinedBefore(row.id, Date.now() - STALE_MS);
    if (candidates.length) {
      const online = await deps.presence.sources(candidates.map((c) => c.user_id));
      const gone = candidates.filter((c) => !online.has(c.user_id));
      for (const g of gone) await viewers.leave(row.id, g.user_id);
      if (gone.length) {
        const count = await viewers.count(row.id);
        await announce(row, count);
        return count;
      }
    }
    return viewers.count(row.id);
  }

  /** Feed event 304 the first time the broadcast reaches each viewer milestone. */
  async function milestones(row: Row, count: number) {
    const previous = await store.raisePeak(row.id, count);
    if (previous === undefined) return;
    const reached = LIVE_VIEWER_MILESTONES.filter((m) => m > previous && m <= count);
    if (!reached.length) return;
    await deps.unitOfWork(async (trx) => {
      for (const m of reached)
        await deps.feedLog.recordOnce(trx, {
          type: LiveFeedEvent.MILESTONE,
          userId: row.user_id,
          key: `live-milestone:${row.id}:${m}`,
          properties: { broadcast: row.broadcast_id, viewers: m },
          privacy: PhotoPrivacy.FRIENDS,
        });
    });
  }

  return {
    prunedCount,

    async join(viewer: UserRow, broadcastId: string): Promise<number> {
      const { row } = await access.watched(viewer.id, broadcastId, true);
      // The streamer on their own page is no viewer.
      if (row.user_id === viewer.id) return prunedCount(row);
      await prunedCount(row);
      const already = (await viewers.viewerIds(row.id)).includes(viewer.id);
      // The cap is checked by the insert itself (viewer-store joinIfRoom), not by this read.
      if (!(await viewers.joinIfRoom(row.id, viewer.id, Date.now(), deps.config.live.maxViewers)))
        throw forbidden('live.full');
      const after = await viewers.count(row.id);
      if (!already) {
        await announce(row, after);
        await milestones(row, after);
      }
      return after;
    },

    async leave(viewer: UserRow, broadcastId: string): Promise<number> {
      const row = await store.byPublicId(broadcastId);
      if (!row) return 0;
      const left = await viewers.leave(row.id, viewer.id);
      const count = await viewers.count(row.id);
      if (left) await announce(row, count);
      return count;
    },

    /**
     * A member's socket closed: if none is left on any instance, they stop watching everything
     * (app wiring: hub.onSocketClosed). Never throws.
     */
    async socketClosed(userId: number): Promise<void> {
      if ((await deps.presence.sources([userId])).has(userId)) return;
      const left = await viewers.leaveAll(userId);
      for (const id of left) {
        const row = await store.byRowId(id);
        if (row) await announce(row, await viewers.count(row.id));
      }
    },
  };
}
export type ViewerUseCases = ReturnType<typeof viewerUseCases>;
