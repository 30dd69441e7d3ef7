import type { Db } from '../../db/index';
import type { UserRow } from '../../http/context';
import { notFound } from '../../http/errors';
import { socialGraph } from '../../policy/graph';
import { mayWatchBroadcast } from '../../policy/live';
import { type LiveStore, liveStore } from './store';

export type BroadcastRow = NonNullable<Awaited<ReturnType<LiveStore['byPublicId']>>>;

/** Who may watch a broadcast (policy/live.ts mayWatchBroadcast), read from the database. */
export function watchAccess(db: Db) {
  const store = liveStore(db);
  const graph = socialGraph(db);

  async function mayWatch(viewerId: number | undefined, streamer: UserRow): Promise<boolean> {
    const ties =
      viewerId && viewerId !== streamer.id ? await graph.tiesWith(viewerId, streamer.id) : undefined;
    return mayWatchBroadcast({
      isAuthor: viewerId === streamer.id,
      blocked: Boolean(ties?.blocked || ties?.blockedBy),
      isFriend: Boolean(ties?.isFriend),
      authorPrivate: streamer.buddies_private === 1,
      authorBanned: Number(streamer.banned_at) > 0 || Number(streamer.deleted_at) > 0,
    });
  }

  return {
    mayWatch,

    /** Of these streamers, those the viewer may watch (one read of the ties for all). */
    async watchable(viewerId: number | undefined, streamers: UserRow[]): Promise<Set<number>> {
      const others = streamers.filter((s) => s.id !== viewerId).map((s) => s.id);
      const ties = viewerId ? await graph.tiesAmong(viewerId, others) : undefined;
      const out = new Set<number>();
      for (const s of streamers) {
        const may = mayWatchBroadcast({
          isAuthor: viewerId === s.id,
          blocked: Boolean(ties?.blocked.has(s.id) || ties?.blockedBy.has(s.id)),
          isFriend: Boolean(ties?.friends.has(s.id)),
          authorPrivate: s.buddies_private === 1,
          authorBanned: Number(s.banned_at) > 0 || Number(s.deleted_at) > 0,
        });
        if (may) out.add(s.id);
      }
      return out;
    },

    /** Of these members, those the viewer may see at all: not banned or deleted, no block either way. */
    async visible(viewerId: number | undefined, members: UserRow[]): Promise<Set<number>> {
      const others = members.filter((s) => s.id !== viewerId).map((s) => s.id);
      const ties = viewerId ? await graph.tiesAmong(viewerId, others) : undefined;
      return new Set(
        members
          .filter((m) => m.id === viewerId || (Number(m.banned_at) === 0 && Number(m.deleted_at) === 0))
          .filter((m) => !ties?.blocked.has(m.id) && !ties?.blockedBy.has(m.id))
          .map((m) => m.id),
      );
    },

    /**
     * A broadcast the viewer may watch, with its streamer; 404 when unknown or not for them (the
     * same answer, so a blocked member learns nothing). `onAirOnly`: ended ones are 404 too.
     */
    async watched(viewerId: number | undefined, broadcastId: string, onAirOnly: boolean) {
      const row = await store.byPublicId(broadcastId);
      if (!row || (onAirOnly && Number(row.ended_at) > 0)) throw notFound('live.notFound');
      const streamer = await store.broadcaster(row.user_id);
      if (!streamer || !(await mayWatch(viewerId, streamer))) throw notFound('live.notFound');
      return { row, streamer };
    },
  };
}
export type WatchAccess = ReturnType<typeof watchAccess>;
