import { FeedEventType, LikeItemType, PhotoPrivacy, type UserStatus } from '@tertulia/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { UnitOfWork } from '../../effects/unit-of-work';
import type { UserRow } from '../../http/context';
import { invalid } from '../../http/errors';
import { isLocale } from '../../i18n/messages';
import { type AttachPhoto, oneOrNone, pictureOf } from '../../media/attach';
import { commentStore } from './comments-store';
import { type Announce, recordFeedEvent } from './events';
import { fileOf, type SaveImage, type WriteLimit } from './inputs';
import { dropItem } from './items';
import { statusObjectOf, toStatus } from './present';
import { statusStore } from './status-store';

/** user/updateStatus.do: a status (text, image or both) with its feed event, kept on the member's row. */
export function statusUseCases(d: {
  unitOfWork: UnitOfWork;
  limit: WriteLimit;
  saveImage: SaveImage;
  attachPhoto: AttachPhoto;
  announce: Announce;
}) {
  return {
    async updateStatus(
      viewer: UserRow,
      p: { newStatus?: string; image?: unknown; photoId?: number; privacy?: number; isNSFW?: boolean },
    ): Promise<UserStatus> {
      const text = p.newStatus?.trim() ?? '';
      const file = fileOf(p.image, 'image');
      oneOrNone(file, p.photoId);
      if (!text && !file && !p.photoId) throw invalid('newStatus', 'feed.statusEmpty');
      await d.limit(viewer.id);
      const imageKey = await pictureOf(d.attachPhoto, d.saveImage, viewer, file, p.photoId);
      const now = Date.now();
      const privacy = p.privacy ?? PhotoPrivacy.PUBLIC;
      return d.unitOfWork(async (trx, after) => {
        const store = statusStore(trx);
        const row = await store.insert({
          userId: viewer.id,
          text,
          imageKey,
          privacy,
          nsfw: p.isNSFW ? 1 : 0,
          createdAt: now,
        });
        const eventId = await recordFeedEvent(trx, {
          type: FeedEventType.STATUS_UPDATE,
          userId: viewer.id,
          postId: row.id,
          properties: { 'source.user': viewer.id },
          privacy,
          nsfw: p.isNSFW,
          item: { type: LikeItemType.STATUS, id: row.id },
          now,
        });
        const locale = isLocale(viewer.locale) ? viewer.locale : 'es';
        const status = { ...toStatus(row, locale), commentCount: 0, likeCount: 0, likes: [], liked: false };
        await store.setStatusObject(viewer.id, statusObjectOf(row));
        d.announce(after, viewer.id, eventId, FeedEventType.STATUS_UPDATE);
        return status;
      });
    },
  };
}

/**
 * Deletes a member's status with its comments, likes and notices, inside `trx` (its feed event's
 * deletion). The profile's current status goes with it; the previous one (if any) takes its place.
 */
export async function deleteStatus(trx: Kysely<Database>, viewer: UserRow, statusId: number): Promise<void> {
  const post = { type: LikeItemType.STATUS, id: statusId };
  const comments = commentStore(trx);
  for (const id of await comments.idsOnPost(post)) await dropItem(trx, LikeItemType.COMMENT, id);
  await comments.deleteOnPost(post);
  await dropItem(trx, LikeItemType.STATUS, statusId);
  const store = statusStore(trx);
  await store.delete(statusId, viewer.id);
  const parse = (json: string) => JSON.parse(json) as { id?: number };
  const current = viewer.status_object ? parse(viewer.status_object) : undefined;
  const fresh = await store.statusObjectOf(viewer.id);
  const shown = fresh ? parse(fresh) : current;
  if (shown?.id === statusId) {
    const previous = await store.latestOf(viewer.id);
    await store.setStatusObject(viewer.id, previous ? statusObjectOf(previous) : null);
  }
}
