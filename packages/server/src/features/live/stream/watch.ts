import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { socialGraph } from '../../../policy/graph';
import { mayWatchBroadcast } from '../../../policy/live';
import type { StreamStore } from './store';

export interface WatchAnswer {
  may: boolean;
  /** Anyone may watch it (a public profile): caches, a CDN included, may keep its files. */
  public: boolean;
}

/** Answers are reused this long: a viewer asks every second (playlist) and per segment. */
const TTL_MS = 2_000;
const MAX_ENTRIES = 20_000;

/**
 * May this viewer (undefined: not logged in) watch this broadcast now? The live rule of the
 * policy module (policy/live.ts); an ended broadcast is watched by nobody (its recording is not
 * kept). Answers are cached for two seconds per viewer and broadcast, so 100 viewers cost a
 * hundred lookups every two seconds, not a few per request (tools/bench/live.ts).
 */
export function watchRule(db: Kysely<Database>, store: StreamStore) {
  const graph = socialGraph(db);
  const cache = new Map<string, { answer: WatchAnswer; at: number }>();

  async function decide(broadcastId: string, viewerId: number | undefined): Promise<WatchAnswer> {
    const row = await store.byBroadcastId(broadcastId);
    if (!row || Number(row.ended_at) > 0) return { may: false, public: false };
    const ties =
      viewerId && viewerId !== row.user_id ? await graph.tiesWith(viewerId, row.user_id) : undefined;
    const authorBanned = Number(row.banned_at) > 0 || Number(row.deleted_at) > 0;
    const may = mayWatchBroadcast({
      isAuthor: viewerId === row.user_id,
      blocked: Boolean(ties?.blocked || ties?.blockedBy),
      isFriend: Boolean(ties?.isFriend),
      authorPrivate: row.buddies_private === 1,
      authorBanned,
    });
    return { may, public: may && row.buddies_private !== 1 && !authorBanned };
  }

  return async (broadcastId: string, viewerId: number | undefined): Promise<WatchAnswer> => {
    const key = `${viewerId ?? 0}:${broadcastId}`;
    const now = Date.now();
    const hit = cache.get(key);
    if (hit && now - hit.at < TTL_MS) return hit.answer;
    const answer = await decide(broadcastId, viewerId);
    if (cache.size >= MAX_ENTRIES) cache.clear();
    cache.set(key, { answer, at: now });
    return answer;
  };
}
