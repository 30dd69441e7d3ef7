import { randomBytes } from 'node:crypto';
import {
  LiveFeedEvent,
  type LiveStreamer,
  liveBroadcastPage,
  PhotoPrivacy,
  PushKind,
} from '@tertulia/contract';
import type { Deps } from '../../deps';
import type { AfterCommit } from '../../effects/unit-of-work';
import { me, type RequestContext, type UserRow } from '../../http/context';
import { ApiError, forbidden, rateLimited } from '../../http/errors';
import type { MessageKey } from '../../i18n/messages';
import { socialGraph } from '../../policy/graph';
import {
  friendsToBeTold,
  type GoLiveRefusal,
  goLiveRefusal,
  mayEndBroadcast,
  STARTS_PER_HOUR,
} from '../../policy/live';
import { auditTrail } from '../admin/audit';
import { liveRooms } from '../chat/live-rooms';
import { noticeText } from '../web-push/notice-texts';
import type { WatchAccess } from './access';
import type { BroadcastEnding } from './ending';
import { liveStore } from './store';

/** The page a broadcast notification and a shared broadcast link open (web: features/live). */
export const broadcastPage = liveBroadcastPage;

const REFUSED: Record<NonNullable<GoLiveRefusal>, MessageKey> = {
  disabled: 'live.disabled',
  banned: 'live.banned',
  verifiedOnly: 'live.verifiedOnly',
  vipOnly: 'live.vipOnly',
};

/** Going on air and off (docs/live.md; the friends' notice: docs/web-push.md, "Broadcasts"). */
export function broadcastUseCases(
  deps: Pick<Deps, 'db' | 'limiter' | 'unitOfWork' | 'config' | 'feedLog'>,
  access: WatchAccess,
  ending: BroadcastEnding,
) {
  const store = liveStore(deps.db);
  const graph = socialGraph(deps.db);
  const rooms = liveRooms(deps.db);
  const audit = auditTrail(deps.db);

  /** After commit, through the outbox: friends with no open socket hear of it on their devices. */
  function tellFriends(after: AfterCommit, viewer: UserRow, friends: number[]) {
    after.notify(friends, {
      kind: PushKind.BROADCASTS,
      collapseKey: `b${viewer.id}`,
      url: broadcastPage(viewer.id),
      fromId: viewer.id,
      text: noticeText('broadcast', { name: viewer.name }),
      icon: viewer.image1 ?? undefined,
    });
  }

  const streamerOf = (row: {
    broadcast_id: string;
    started_at: number | string;
    title: string;
    diamonds: number;
  }) => ({
    broadcast_id: row.broadcast_id,
    start_timestamp: Number(row.started_at),
    title: row.title,
    diamonds: row.diamonds,
  });

  return {
    /** The refusal key when the member may not go live now (getConfig's mayGoLive). */
    refusal: (member: UserRow) => goLiveRefusal(deps.config.live, member),

    async start(ctx: RequestContext, p: { title?: string }): Promise<LiveStreamer> {
      const viewer = me(ctx);
      const refusal = goLiveRefusal(deps.config.live, viewer);
      if (refusal) throw forbidden(REFUSED[refusal]);
      const current = await store.onAir(viewer.id);
      if (current) return streamerOf(current);
      const now = Date.now();
      const title = (p.title ?? '').trim();
      const notify = friendsToBeTold(await store.lastNotifiedAt(viewer.id), now);
      const broadcastId = randomBytes(12).toString('base64url');
      const friends = notify ? await graph.friendIds(viewer.id) : [];
      // Only a start that goes on air counts against the hourly limit, and a refused one rolls back.
      const rowId = await deps.unitOfWork(async (trx, after) => {
        const row = {
          user_id: viewer.id,
          broadcast_id: broadcastId,
          started_at: now,
          notified: notify ? 1 : 0,
          title,
        };
        const id = await store.start(trx, row);
        if (id === undefined) return undefined;
        const decision = await deps.limiter.hit(`live-start:${viewer.id}`, STARTS_PER_HOUR, 3_600_000);
        if (!decision.allowed) throw rateLimited(decision.retryAfterMs);
        await deps.feedLog.recordOnce(trx, {
          type: LiveFeedEvent.STARTED,
          userId: viewer.id,
          key: `live-start:${id}`,
          properties: { broadcast: broadcastId, title },
          privacy: PhotoPrivacy.FRIENDS,
          now,
        });
        if (notify) tellFriends(after, viewer, friends);
        return id;
      });
      if (rowId === undefined) {
        // Another request of the member's went on air first: answer with its broadcast.
        const winner = await store.onAir(viewer.id);
        if (winner) return streamerOf(winner);
        throw new ApiError('ApiConflictException', 'conflict.retry');
      }
      // The broadcast's chat room: the streamer owns (moderates) it; private profiles' is friends only.
      const roomId = await rooms.roomFor({
        id: viewer.id,
        name: viewer.name,
        locale: viewer.locale,
        country: viewer.country,
        privateProfile: viewer.buddies_private === 1,
      });
      await store.setRoom(rowId, roomId);
      return { broadcast_id: broadcastId, start_timestamp: now, title, diamonds: 0 };
    },

    /** The caller's own broadcast (the named one must be theirs: 403 otherwise). */
    async end(ctx: RequestContext, p: { broadcastId?: string }): Promise<boolean> {
      const viewer = me(ctx);
      if (p.broadcastId) {
        const row = await store.byPublicId(p.broadcastId);
        if (!row) return false;
        // Admins end others' broadcasts from the admin area only (admin/endBroadcast.do).
        if (row.user_id !== viewer.id) throw forbidden('live.notYours');
        return ending.endRow(row, 'streamer');
      }
      const row = await store.onAir(viewer.id);
      return row ? ending.endRow(row, 'streamer') : false;
    },

    /**
     * admin/endBroadcast.do (and `npm run admin -- live end`): an admin ends anyone's broadcast,
     * written to the audit log with the end; 404 when there is no such broadcast.
     */
    async adminEnd(admin: UserRow, p: { broadcastId: string }): Promise<boolean> {
      const row = await store.byPublicId(p.broadcastId);
      if (!row) throw new ApiError('ApiNotFoundException', 'live.notFound');
      if (!mayEndBroadcast(admin, row.user_id)) throw forbidden('forbidden.admin');
      const now = Date.now();
      return ending.endRow(row, admin.id === row.user_id ? 'streamer' : 'admin', now, (trx) =>
        audit.record(trx, {
          actorId: admin.id,
          action: 'live-end',
          targetId: row.user_id,
          details: { broadcastId: row.broadcast_id },
          now,
        }),
      );
    },

    /** Empty when the member is off air, or when the caller may not watch them. */
    async broadcastIdOf(p: { userId: number }, ctx: RequestContext): Promise<string> {
      const row = await store.broadcaster(p.userId);
      if (!row || !(await access.mayWatch(ctx.user?.id, row))) return '';
      return (await store.onAir(row.id))?.broadcast_id ?? '';
    },
  };
}
export type BroadcastUseCases = ReturnType<typeof broadcastUseCases>;
