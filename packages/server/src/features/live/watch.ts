import {
  type LiveBroadcast,
  type LiveConfig,
  LiveLimits,
  LivePeriod,
  type LiveStreamer,
  livePlaylistPath,
  type User,
} from '@tertulia/contract';
import type { Deps } from '../../deps';
import type { RequestContext, UserRow } from '../../http/context';
import { mayModerateBroadcast } from '../../policy/live';
import type { PeopleUseCases } from '../people/use-cases';
import type { WatchAccess } from './access';
import { diamondStore } from './diamond-store';
import type { BroadcastEnding } from './ending';
import { liveStore } from './store';
import { viewerStore } from './viewer-store';
import type { ViewerUseCases } from './viewers';

/** The active list reads at most this many broadcasts on air, then pages over those the caller may watch. */
const ON_AIR_SCAN = 500;
const DAY_MS = 86_400_000;
const SINCE: Record<string, number> = { [LivePeriod.DAY]: DAY_MS, [LivePeriod.WEEK]: 7 * DAY_MS };

/** Reading broadcasts: the config, one broadcast, who is on air, the rankings (docs/live.md). */
export function watchUseCases(
  deps: Pick<Deps, 'db' | 'config'>,
  access: WatchAccess,
  viewers: ViewerUseCases,
  ending: BroadcastEnding,
  people: Pick<PeopleUseCases, 'present'>,
  refusal: (member: UserRow) => unknown,
) {
  const store = liveStore(deps.db);
  const counts = viewerStore(deps.db);
  const diamonds = diamondStore(deps.db);

  /** Members as the caller sees them; a visitor gets name and photo only. */
  async function usersFor(viewer: UserRow | null, rows: UserRow[]): Promise<Map<number, User>> {
    const users: User[] = viewer
      ? await people.present(viewer, rows)
      : rows.map((r) => ({ uid: r.id, name: r.name, image1: r.image1 ?? undefined }));
    return new Map(users.map((u) => [u.uid as number, u]));
  }

  /** Broadcasts past the time limit end when the list is next read (no timer to keep on every instance). */
  async function endOverdue(now: number) {
    for (const row of await store.onAirSince(now - LiveLimits.MAX_DURATION_MS))
      await ending.endRow({ ...row, started_at: 0 }, 'timeLimit', now);
  }

  return {
    getConfig(ctx: RequestContext): LiveConfig {
      const { enabled, who, maxViewers } = deps.config.live;
      return {
        enabled,
        who,
        mayGoLive: ctx.user !== null && refusal(ctx.user) === null,
        titleMax: LiveLimits.TITLE_MAX,
        maxDurationMs: LiveLimits.MAX_DURATION_MS,
        maxViewers,
      };
    },

    async getBroadcast(ctx: RequestContext, p: { broadcastId: string }): Promise<LiveBroadcast> {
      const viewer = ctx.user;
      const { row, streamer } = await access.watched(viewer?.id, p.broadcastId, false);
      const onAir = Number(row.ended_at) === 0;
      const [user] = (await usersFor(viewer, [streamer])).values();
      return {
        broadcast_id: row.broadcast_id,
        title: row.title,
        user,
        start_timestamp: Number(row.started_at),
        end_timestamp: Number(row.ended_at),
        viewers: onAir ? await viewers.prunedCount(row) : 0,
        diamonds: row.diamonds,
        room_id: row.room_id ?? 0,
        playlist: livePlaylistPath(row.broadcast_id),
        isStreamer: viewer?.id === row.user_id,
        mayModerate: viewer ? mayModerateBroadcast(viewer, row.user_id) : false,
      };
    },

    async getActiveStreamers(
      ctx: RequestContext,
      p: { page?: number; limit?: number },
    ): Promise<LiveStreamer[]> {
      const limit = p.limit ?? 20;
      const offset = ((p.page ?? 1) - 1) * limit;
      await endOverdue(Date.now());
      const rows = await store.onAirNow(ON_AIR_SCAN);
      const streamers = await store.users(rows.map((r) => r.user_id));
      const may = await access.watchable(ctx.user?.id, streamers);
      const shown = rows.filter((r) => may.has(r.user_id));
      const viewerCounts = await counts.counts(shown.map((r) => r.id));
      // Most viewers first, then the newest.
      shown.sort((a, b) => (viewerCounts.get(b.id) ?? 0) - (viewerCounts.get(a.id) ?? 0));
      const page = shown.slice(offset, offset + limit);
      const users = await usersFor(
        ctx.user,
        streamers.filter((s) => page.some((r) => r.user_id === s.id)),
      );
      return page.map((r) => ({
        user: users.get(r.user_id),
        broadcast_id: r.broadcast_id,
        start_timestamp: Number(r.started_at),
        diamonds: r.diamonds,
        title: r.title,
        viewers: viewerCounts.get(r.id) ?? 0,
      }));
    },

    /**
     * Streamers by diamonds in the period. Members the caller may not see (blocks, banned) are left
     * out of the page rather than replaced, so a page may hold fewer than `limit`.
     */
    async getTopStreamers(
      ctx: RequestContext,
      p: { diamonds?: 'day' | 'week' | 'all'; page?: number; limit?: number },
    ): Promise<LiveStreamer[]> {
      const limit = p.limit ?? 20;
      const period = SINCE[p.diamonds ?? LivePeriod.ALL];
      const since = period ? Date.now() - period : 0;
      const ranked = await diamonds.top(since, ((p.page ?? 1) - 1) * limit, limit);
      const rows = await store.users(ranked.map((r) => r.streamerId));
      // Ranked members show to whoever may see them; their broadcast only to whoever may watch it.
      const [seen, may] = await Promise.all([
        access.visible(ctx.user?.id, rows),
        access.watchable(ctx.user?.id, rows),
      ]);
      const users = await usersFor(
        ctx.user,
        rows.filter((r) => seen.has(r.id)),
      );
      const onAir = new Map(
        (
          await Promise.all(
            ranked.map((r) => (may.has(r.streamerId) ? store.onAir(r.streamerId) : undefined)),
          )
        ).flatMap((b) => (b ? [[b.user_id, b] as const] : [])),
      );
      return ranked
        .filter((r) => users.has(r.streamerId))
        .map((r) => {
          const live = onAir.get(r.streamerId);
          return {
            user: users.get(r.streamerId),
            diamonds: r.diamonds,
            broadcast_id: live?.broadcast_id,
            start_timestamp: live ? Number(live.started_at) : undefined,
          };
        });
    },
  };
}
