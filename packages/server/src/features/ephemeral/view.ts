import { type EphemeralItem, EphemeralLimits } from '@tertulia/contract';
import type { Deps } from '../../deps';
import type { UserRow } from '../../http/context';
import { ApiError, notFound } from '../../http/errors';
import { nextViewedMs, remainingSeconds } from '../../policy/ephemeral';
import { socialGraph } from '../../policy/graph';
import { mediaLink } from './link';
import { toItem } from './present';
import { type EphemeralStore, ephemeralStore, type ItemRow } from './store';

type One = { postId: number; authorId: number };

/**
 * Looking at view-once items. Only the author and the members taking part now in its
 * conversation or room see an item; to anyone else it does not exist (404, no probing).
 */
export function viewUseCases(deps: Pick<Deps, 'db' | 'secret' | 'unitOfWork'>, store: EphemeralStore) {
  const graph = socialGraph(deps.db);
  async function visible(viewer: UserRow, p: One, kind?: 'photo' | 'video', now = Date.now()) {
    const row = await store.find(p.postId, now);
    if (!row || row.author_id !== p.authorId || (kind && row.kind !== kind))
      throw notFound('ephemeral.notFound');
    if (row.author_id === viewer.id) return row;
    if (!(await store.isParticipant(row, viewer.id))) throw notFound('ephemeral.notFound');
    // A block either way hides the item too (rooms show both members their lines otherwise hidden).
    const ties = await graph.tiesWith(viewer.id, row.author_id);
    if (ties.blocked || ties.blockedBy) throw notFound('ephemeral.notFound');
    return row;
  }

  const present = async (viewer: UserRow, row: ItemRow, now: number, link?: string) =>
    toItem(row, viewer.id, await store.views(row.id), now, link);

  return {
    visible,

    async get(viewer: UserRow, p: One): Promise<EphemeralItem> {
      const now = Date.now();
      return present(viewer, await visible(viewer, p, undefined, now), now);
    },

    /** Starts (or resumes) the caller's look and hands out a link only they can use, briefly. */
    async open(viewer: UserRow, p: One): Promise<EphemeralItem> {
      const now = Date.now();
      const row = await visible(viewer, p, undefined, now);
      if (row.state !== 'ready') throw new ApiError('ApiConflictException', 'ephemeral.notReady');
      if (row.author_id !== viewer.id) {
        const left = remainingSeconds(row.expiration, await store.view(row.id, viewer.id), now);
        if (left <= 0) throw new ApiError('ApiGoneException', 'ephemeral.spent');
        await deps.unitOfWork(async (trx, after) => {
          await ephemeralStore(trx).startOpen(row.id, viewer.id, now);
          after.publish([row.author_id], {
            type: 'ephemeralViewed',
            postId: row.id,
            viewer: { uid: viewer.id, name: viewer.name },
            viewTime: Math.round((row.expiration - left) * 10) / 10,
          });
        });
      }
      const link = mediaLink(deps.secret, row.id, viewer.id, now + EphemeralLimits.LINK_TTL_MS);
      return present(viewer, row, now, link);
    },

    /** viewTime: seconds looked so far. The record only grows; the running look ends here. */
    async update(
      viewer: UserRow,
      p: One & { viewTime: number },
      kind: 'photo' | 'video',
    ): Promise<EphemeralItem> {
      const now = Date.now();
      const row = await visible(viewer, p, kind, now);
      if (row.author_id === viewer.id) return present(viewer, row, now);
      const before = await store.view(row.id, viewer.id);
      const viewedMs = nextViewedMs(row.expiration, before, p.viewTime, now);
      await deps.unitOfWork(async (trx, after) => {
        await ephemeralStore(trx).record(row.id, viewer.id, viewedMs, now);
        if (before && viewedMs === Number(before.viewed_ms)) return;
        after.publish([row.author_id], {
          type: 'ephemeralViewed',
          postId: row.id,
          viewer: { uid: viewer.id, name: viewer.name },
          viewTime: Math.round(viewedMs / 100) / 10,
        });
      });
      return present(viewer, row, now);
    },
  };
}
