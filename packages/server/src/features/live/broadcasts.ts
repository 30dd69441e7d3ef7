import { randomBytes } from 'node:crypto';
import { type LiveStreamer, PushKind } from '@tertulia/contract';
import type { Deps } from '../../deps';
import type { AfterCommit } from '../../effects/unit-of-work';
import { me, type RequestContext } from '../../http/context';
import { ApiError, rateLimited } from '../../http/errors';
import { socialGraph } from '../../policy/graph';
import { friendsToBeTold, mayWatchBroadcast, STARTS_PER_HOUR } from '../../policy/live';
import { isDeleted, isHidden } from '../../policy/standing';
import { noticeText } from '../web-push/notice-texts';
import { liveStore } from './store';

/** The page a broadcast notification and a shared broadcast link open (web: features/live). */
export const broadcastPage = (userId: number) => `/live?u=${userId}`;

/** live/*.do (docs/web-push.md, "Broadcasts"). */
export function broadcastUseCases(deps: Pick<Deps, 'db' | 'limiter' | 'unitOfWork'>) {
  const store = liveStore(deps.db);
  const graph = socialGraph(deps.db);

  /** After commit, through the outbox: friends with no open socket hear of it on their devices. */
  function tellFriends(
    after: AfterCommit,
    viewer: { id: number; name: string; image1: string | null },
    friends: number[],
  ) {
    after.notify(friends, {
      kind: PushKind.BROADCASTS,
      collapseKey: `b${viewer.id}`,
      url: broadcastPage(viewer.id),
      fromId: viewer.id,
      text: noticeText('broadcast', { name: viewer.name }),
      icon: viewer.image1 ?? undefined,
    });
  }

  return {
    async start(ctx: RequestContext): Promise<LiveStreamer> {
      const viewer = me(ctx);
      const onAir = async () => {
        const current = await store.onAir(viewer.id);
        return current && { broadcast_id: current.broadcast_id, start_timestamp: Number(current.started_at) };
      };
      const current = await onAir();
      if (current) return current;
      const now = Date.now();
      const notify = friendsToBeTold(await store.lastNotifiedAt(viewer.id), now);
      const broadcastId = randomBytes(12).toString('base64url');
      const friends = notify ? await graph.friendIds(viewer.id) : [];
      // Only a start that goes on air counts against the hourly limit, and a refused one rolls back.
      const started = await deps.unitOfWork(async (trx, after) => {
        const row = {
          user_id: viewer.id,
          broadcast_id: broadcastId,
          started_at: now,
          notified: notify ? 1 : 0,
        };
        if (!(await store.start(trx, row))) return false;
        const decision = await deps.limiter.hit(`live-start:${viewer.id}`, STARTS_PER_HOUR, 3_600_000);
        if (!decision.allowed) throw rateLimited(decision.retryAfterMs);
        if (notify) tellFriends(after, viewer, friends);
        return true;
      });
      if (!started) {
        // Another request of the member's went on air first: answer with its broadcast.
        const winner = await onAir();
        if (winner) return winner;
        throw new ApiError('ApiConflictException', 'conflict.retry');
      }
      return { broadcast_id: broadcastId, start_timestamp: now };
    },

    async end(ctx: RequestContext): Promise<boolean> {
      return (await store.end(me(ctx).id, Date.now())) > 0;
    },

    /** Empty when the member is off air, or when the caller may not watch them. */
    async broadcastIdOf(p: { userId: number }, ctx: RequestContext): Promise<string> {
      const row = await store.broadcaster(p.userId);
      if (!row) return '';
      const viewerId = ctx.user?.id;
      const ties = viewerId && viewerId !== row.id ? await graph.tiesWith(viewerId, row.id) : undefined;
      const may = mayWatchBroadcast({
        isAuthor: viewerId === row.id,
        blocked: Boolean(ties?.blocked || ties?.blockedBy),
        isFriend: Boolean(ties?.isFriend),
        authorPrivate: row.buddies_private === 1,
        authorBanned: isHidden(row) || isDeleted(row),
      });
      if (!may) return '';
      return (await store.onAir(row.id))?.broadcast_id ?? '';
    },
  };
}
